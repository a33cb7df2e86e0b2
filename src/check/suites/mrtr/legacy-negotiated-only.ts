/**
 * Legacy era: the server uses only capabilities negotiated at initialize (basic/lifecycle#operation):
 * no sampling, elicitation (in a declared mode) or roots request the client did not declare, and
 * no list_changed, resources/updated or log notification for a capability the server did not
 * declare. mcpvet first calls the tools it may call on a connection declaring no client
 * capabilities (where a confirmation is most tempting), then judges every legacy trace of the run.
 */
import { isNotification, isObject, isRequest, isResponse, type JsonObject } from '../../../protocol/jsonrpc.js';
import type { Frame, Trace } from '../../../wire/trace.js';
import { defineCheck, pass, skip } from '../../define.js';
import { callWithCandidates, toolArguments } from '../../arguments/call.js';
import { declaredElicitationModes } from '../../probes/mrtr/declared-scan.js';
import { traceProblems, type TraceProblem } from '../../probes/mrtr/trace-scan.js';

const MAX_CALLS = 5;

/** Server -> client requests and the client capability each needs. */
const CLIENT_CAPABILITY: Record<string, string> = { 'sampling/createMessage': 'sampling', 'elicitation/create': 'elicitation', 'roots/list': 'roots' };

/** Server notifications and the server capability (and flag) each needs. */
const SERVER_CAPABILITY: Record<string, [capability: string, flag?: string]> = {
  'notifications/tools/list_changed': ['tools', 'listChanged'],
  'notifications/prompts/list_changed': ['prompts', 'listChanged'],
  'notifications/resources/list_changed': ['resources', 'listChanged'],
  'notifications/resources/updated': ['resources', 'subscribe'],
  'notifications/message': ['logging'],
};

export default defineCheck({
  id: 'mrtr.legacy-negotiated-only',
  title: 'The server uses only negotiated capabilities (no undeclared sampling, elicitation or notifications)',
  suite: 'mrtr',
  requirements: ['LIFE-L5'],
  eras: ['legacy'],
  spec: 'basic/lifecycle#operation',
  freshProcesses: 1,
  final: true,
  async run(ctx) {
    if (isObject(ctx.client.serverCapabilities.tools)) {
      const bare = await ctx.openClient({ capabilities: {} });
      const tools = (await ctx.tools()).filter((tool) => ctx.callPolicy(tool).allowed);
      const readOnly = (tool: JsonObject) => isObject(tool.annotations) && tool.annotations.readOnlyHint === true;
      for (const tool of [...tools.filter((tool) => !readOnly(tool)), ...tools.filter(readOnly)].slice(0, MAX_CALLS)) {
        if (ctx.signal.aborted) break;
        // The server's own ids first, so a tool that would ask for input gets past "not found".
        const chosen = await toolArguments(ctx, tool);
        if (chosen.candidates)
          await callWithCandidates(ctx, tool, chosen.candidates, { send: (args) => bare.callTool(String(tool.name), args) }).catch(() => undefined);
      }
    }
    let sessions = 0;
    let examined = 0;
    const problems: TraceProblem[] = [];
    for (const trace of ctx.traces()) {
      const judged = judgeSession(trace);
      if (!judged) continue;
      sessions++;
      examined += judged.examined;
      problems.push(...judged.problems);
    }
    if (sessions === 0) return skip('no initialize exchange in the traces of this run');
    if (problems.length > 0) return traceProblems('unnegotiated', problems);
    return pass(`${sessions} session(s), ${examined} server request(s) and notification(s): each within the capabilities negotiated at initialize`);
  },
});

function judgeSession(trace: Trace): { examined: number; problems: TraceProblem[] } | undefined {
  let client: JsonObject | undefined;
  let server: JsonObject | undefined;
  let initializeId: unknown;
  let examined = 0;
  const problems: TraceProblem[] = [];
  for (const frame of trace.frames) {
    if (frame.kind !== 'message' || !isObject(frame.message)) continue;
    const message = frame.message as JsonObject;
    if (frame.direction === 'send' && isRequest(message) && message.method === 'initialize') {
      const params = isObject(message.params) ? message.params : {};
      client = isObject(params.capabilities) ? params.capabilities : {};
      initializeId = message.id;
      continue;
    }
    if (frame.direction !== 'receive') continue;
    if (isResponse(message) && message.id === initializeId && isObject(message.result)) {
      server = isObject(message.result.capabilities) ? message.result.capabilities : {};
      continue;
    }
    if (!client || !server) continue;
    const problem = isRequest(message) ? requestProblem(message, client) : isNotification(message) ? notificationProblem(message, server) : undefined;
    if (isRequest(message) || isNotification(message)) examined++;
    if (problem) problems.push({ frame: frame as Frame, text: problem });
  }
  return client && server ? { examined, problems } : undefined;
}

function requestProblem(message: JsonObject, client: JsonObject): string | undefined {
  const method = String(message.method);
  const needed = CLIENT_CAPABILITY[method];
  if (!needed) return undefined;
  if (!isObject(client[needed])) return `the server sent ${method}, but the client did not declare ${needed} at initialize`;
  if (method !== 'elicitation/create') return undefined;
  const params = isObject(message.params) ? message.params : {};
  const mode = typeof params.mode === 'string' ? params.mode : 'form';
  return declaredElicitationModes(client).includes(mode)
    ? undefined
    : `the server sent a ${mode}-mode elicitation/create, but the client declared elicitation ${JSON.stringify(client.elicitation)}`;
}

function notificationProblem(message: JsonObject, server: JsonObject): string | undefined {
  const method = String(message.method);
  const needed = SERVER_CAPABILITY[method];
  if (!needed) return undefined;
  const [capability, flag] = needed;
  const declared = server[capability];
  if (isObject(declared) && (!flag || declared[flag] === true)) return undefined;
  return `the server sent ${method}, but did not declare ${flag ? `${capability}.${flag}` : capability} at initialize`;
}
