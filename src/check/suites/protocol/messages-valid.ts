/**
 * Every message the server sent during the run, on every connection, validated against mcpvet's
 * own validators for the negotiated revision (and an official schema file with --spec-schema).
 * Only server-to-client messages are judged: the client side includes deliberate bad probes.
 */
import { isObject, isRequest, isResponse } from '../../../protocol/jsonrpc.js';
import { META } from '../../../protocol/meta.js';
import { TASKS_EXTENSION_ID } from '../../../protocol/schemas/result-rules.js';
import { LEGACY_VERSIONS, MODERN_VERSIONS } from '../../../protocol/versions.js';
import type { Frame, Trace } from '../../../wire/trace.js';
import { defineCheck, pass, violation } from '../../define.js';
import type { CheckContext } from '../../types.js';

const MAX_REPORTED = 10;
const KNOWN: readonly string[] = [...MODERN_VERSIONS, ...LEGACY_VERSIONS];

export default defineCheck({
  id: 'protocol.messages-valid',
  title: 'Every message the server sends is valid for the negotiated revision',
  suite: 'protocol',
  requirements: ['BASE-01', 'BASE-02', 'BASE-05', 'BASE-09', 'BASE-11', 'TOOL-10'],
  spec: 'basic#messages',
  final: true,
  async run(ctx) {
    const { validateMessage } = await import('../../../protocol/validate.js');
    const spec = ctx.specSchemaFile ? (await import('../../../protocol/spec-schema.js')).loadSpecSchema(ctx.specSchemaFile) : undefined;
    await listDeclared(ctx);
    const problems: { frame: Frame; text: string }[] = [];
    let checked = 0;
    for (const trace of ctx.traces()) {
      for (const { frame, method, revision, tasks } of serverMessages(trace, ctx.client.protocolVersion)) {
        checked++;
        const tolerated = (issue: { path: string }) => !nullIdAllowed(frame, issue.path);
        const issues = validateMessage(frame.message, { revision, direction: 'server-to-client', method, tasks }).filter(tolerated);
        const official = spec ? spec.validateMessage(frame.message, method, 'server-to-client').filter(tolerated) : [];
        for (const issue of issues) problems.push({ frame, text: `${method ?? 'message'}: ${issue.path || '(root)'} ${issue.message}` });
        for (const issue of official) problems.push({ frame, text: `${method ?? 'message'} (official schema): ${issue.path || '(root)'} ${issue.message}` });
      }
    }
    if (problems.length === 0) return pass(`${checked} server messages are valid${spec ? ', also against the official schema' : ''}`);
    const shown = problems.slice(0, MAX_REPORTED);
    return violation(
      'invalid-message',
      `${problems.length} problem(s) in server messages: ${shown.map((problem) => problem.text).join('; ')}${problems.length > MAX_REPORTED ? '; …' : ''}`,
      [{ frames: [...new Set(shown.map((problem) => problem.frame))] }],
    );
  },
});

/**
 * Server messages with the method they answer, the revision in force on that connection, and
 * whether the request declared the tasks extension (then a CreateTaskResult is a valid answer).
 */
function* serverMessages(trace: Trace, fallbackRevision: string): Generator<{ frame: Frame; method?: string; revision: string; tasks: boolean }> {
  const methods = new Map<string, string>();
  const declaredTasks = new Set<string>();
  let revision = fallbackRevision;
  for (const frame of trace.frames) {
    if (frame.kind !== 'message' || !isObject(frame.message)) continue;
    const message = frame.message;
    if (frame.direction === 'send') {
      const meta = isObject(message.params) && isObject(message.params._meta) ? message.params._meta : undefined;
      if (isRequest(message)) {
        methods.set(String(message.id), message.method);
        if (declaresTasks(meta)) declaredTasks.add(String(message.id));
      }
      // Probes send unsupported versions on purpose; only a version we speak sets the revision.
      const declared = meta?.[META.protocolVersion];
      if (typeof declared === 'string' && KNOWN.includes(declared)) revision = declared;
      continue;
    }
    if (frame.direction !== 'receive') continue;
    const method = isResponse(message) ? methods.get(String(message.id)) : undefined;
    const chosen = method === 'initialize' && isObject(message.result) ? message.result.protocolVersion : undefined;
    if (typeof chosen === 'string' && KNOWN.includes(chosen)) revision = chosen;
    yield { frame, method, revision, tasks: isResponse(message) && declaredTasks.has(String(message.id)) };
  }
}

function declaresTasks(meta: Record<string, unknown> | undefined): boolean {
  const capabilities = meta?.[META.clientCapabilities];
  return isObject(capabilities) && isObject(capabilities.extensions) && TASKS_EXTENSION_ID in capabilities.extensions;
}

/**
 * The official schema has no `id: null`, but JSON-RPC 2.0 requires it on the answer to a request
 * whose id could not be read (parse error, invalid request); mcpvet's validators accept it there
 * (see protocol/validate.ts), and so does this comparison. An HTTP rejection (4xx/5xx) of the
 * transport, such as the official SDK's "Server not initialized" for the era probe, carries
 * `id: null` too: that is the transport speaking, not a JSON-RPC answer, so it is not judged.
 */
function nullIdAllowed(frame: Frame, path: string): boolean {
  const message = frame.message;
  if (path !== 'id' || !isObject(message) || message.id !== null || !isObject(message.error)) return false;
  return message.error.code === -32700 || message.error.code === -32600 || (frame.http?.status ?? 0) >= 400;
}

/** Run alone, the check would judge almost nothing: list what the server declares, so the core results are always judged. */
async function listDeclared(ctx: CheckContext): Promise<void> {
  const declared = ctx.client.serverCapabilities;
  const lists: Parameters<CheckContext['client']['listAll']>[0][] = [];
  if (isObject(declared.tools)) lists.push('tools/list');
  if (isObject(declared.resources)) lists.push('resources/list', 'resources/templates/list');
  if (isObject(declared.prompts)) lists.push('prompts/list');
  for (const method of lists) await ctx.client.listAll(method).catch(() => undefined);
}
