/**
 * 2026-07-28: when only one side supports an extension, the supporting side MUST fall back to
 * core behaviour or reject the request with a fitting error (basic/versioning#extension-negotiation).
 * Black-box, the server side of it: for each extension the server declares in server/discover,
 * every answer to a request that did not declare it must be core: a JSON-RPC error, or a result
 * whose resultType is a core one. An extension's own resultType (the Tasks extension's "task")
 * there means the server used an extension the client never negotiated. Judged over every trace
 * of the run (mcpvet's requests declare no extension), after calling the tools it may call.
 * Which error is "fitting" (-32021 naming the extension, typically) is not judged.
 */
import { isObject, isRequest, isResponse, type JsonObject } from '../../../protocol/jsonrpc.js';
import { META } from '../../../protocol/meta.js';
import { defineCheck, pass, skip } from '../../define.js';
import { traceProblems, type TraceProblem } from '../../probes/mrtr/trace-scan.js';
import { sampleArguments } from '../../probes/tools/sample-arguments.js';

const CORE_RESULT_TYPES = new Set(['complete', 'input_required']);
const MAX_CALLS = 5;

export default defineCheck({
  id: 'tools.extension-fallback',
  title: 'Without the extension negotiated, the server answers with core results or an error',
  suite: 'tools',
  requirements: ['LIFE-17'],
  eras: ['modern'],
  spec: 'basic/versioning#extension-negotiation',
  final: true,
  async run(ctx) {
    const extensions = ctx.client.serverCapabilities.extensions;
    const declared = isObject(extensions) ? Object.keys(extensions) : [];
    if (declared.length === 0) return skip('the server declares no extension in server/discover');
    for (const tool of (await ctx.tools()).filter((candidate) => ctx.callPolicy(candidate).allowed).slice(0, MAX_CALLS)) {
      if (ctx.signal.aborted) break;
      const policy = ctx.callPolicy(tool);
      const built = policy.allowed && policy.args ? { ok: true as const, args: policy.args } : sampleArguments(tool.inputSchema);
      if (built.ok) await ctx.client.callTool(String(tool.name), built.args).catch(() => undefined);
    }
    let judged = 0;
    const problems: TraceProblem[] = [];
    for (const trace of ctx.traces()) {
      const requests = new Map<string, JsonObject>();
      for (const frame of trace.frames) {
        if (frame.kind !== 'message' || !isObject(frame.message)) continue;
        const message = frame.message as JsonObject;
        if (frame.direction === 'send' && isRequest(message)) {
          requests.set(frame.http ? `x${frame.http.exchange}` : JSON.stringify(message.id), message);
          continue;
        }
        if (frame.direction !== 'receive' || !isResponse(message) || !isObject(message.result)) continue;
        const request = requests.get(frame.http ? `x${frame.http.exchange}` : JSON.stringify(message.id));
        if (!request) continue;
        const missing = declared.filter((id) => !declaredExtensions(request).includes(id));
        if (missing.length === 0) continue;
        judged++;
        const type = message.result.resultType;
        if (typeof type === 'string' && !CORE_RESULT_TYPES.has(type)) {
          problems.push({
            frame,
            text: `${String(request.method)} declared no ${missing.join(', ')}, yet was answered with resultType "${type}"; without the extension negotiated, answer with core behaviour or a fitting error (-32021 naming the extension)`,
          });
        }
      }
    }
    if (problems.length > 0) return traceProblems('extension-not-negotiated', problems);
    return pass(
      `the server declares ${declared.join(', ')}; ${judged} answer(s) to requests that did not declare ${declared.length > 1 ? 'them' : 'it'} were all core results`,
    );
  },
});

function declaredExtensions(request: JsonObject): string[] {
  const params = isObject(request.params) ? request.params : {};
  const meta = isObject(params._meta) ? params._meta : {};
  const capabilities = isObject(meta[META.clientCapabilities]) ? (meta[META.clientCapabilities] as JsonObject) : {};
  return isObject(capabilities.extensions) ? Object.keys(capabilities.extensions) : [];
}
