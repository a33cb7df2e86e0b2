/**
 * Header names are compared case-insensitively (DIGEST §3, MUST). mcpvet otherwise sends every
 * name in lower case; here the mirrored headers go out as MCP-PROTOCOL-VERSION, MCP-METHOD and
 * mcp-NAME (names exactly so on the wire), and a correct request must still be answered.
 * Only a refusal is evidence, and only when the same request with lower-case names gets a
 * result: a server that misses a header answers 400 (-32020) at once. A request that is not
 * answered in time says nothing about header names (kubernetes-mcp-server's cluster-health-check
 * prompt, which contacts its cluster, times out under load one time and answers the next).
 */
import { isObject, type JsonObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, incomplete, pass, violation } from '../../define.js';
import type { CheckContext, Evidence } from '../../types.js';
import { namedRequest } from '../../probes/http/probe.js';
import { requestId, sendStream, streamMessages } from '../../probes/http/stream-request.js';

interface CaseRequest {
  label: string;
  method: string;
  params: JsonObject;
  inputSchema?: unknown;
}

const RESPELT: Record<string, string> = { 'mcp-protocol-version': 'MCP-PROTOCOL-VERSION', 'mcp-method': 'MCP-METHOD', 'mcp-name': 'mcp-NAME' };

export default defineCheck({
  id: 'http.header-names-case-insensitive',
  title: 'Mirrored header names are matched case-insensitively',
  suite: 'http',
  requirements: ['HTTP-19'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#case-sensitivity',
  async run(ctx) {
    const requests: CaseRequest[] = [{ label: 'server/discover', method: 'server/discover', params: {} }];
    const named = await namedRequest(ctx);
    if (!('skip' in named)) requests.push({ label: named.label, method: named.method, params: named.params, inputSchema: named.inputSchema });
    const answered: string[] = [];
    const problems: string[] = [];
    const unjudged: string[] = [];
    const evidence: Evidence[] = [];
    for (const request of requests) {
      const respelt = await send(ctx, request, RESPELT);
      if (respelt.answered) {
        answered.push(request.label);
        continue;
      }
      if (respelt.timedOut) {
        unjudged.push(`${request.label} ${respelt.said}`);
        continue;
      }
      const control = await send(ctx, request, {});
      if (!control.answered) {
        unjudged.push(`${request.label} ${control.said} with lower-case names too`);
        continue;
      }
      problems.push(`${request.label} ${respelt.said}, while the same request with lower-case names got a result`);
      if (respelt.evidence) evidence.push(respelt.evidence);
    }
    if (problems.length > 0)
      return violation(
        'case-sensitive-names',
        `with the mirrored header names spelt MCP-PROTOCOL-VERSION, MCP-METHOD and mcp-NAME: ${problems.join('; ')}; header names are case-insensitive`,
        evidence,
      );
    if (answered.length === 0) return incomplete('no-answer', `no request was answered: ${unjudged.join('; ')}`);
    return pass(
      `${answered.join(' and ')} with header names in other cases (MCP-METHOD, mcp-NAME...) were answered${unjudged.length ? `; not judged: ${unjudged.join('; ')}` : ''}`,
    );
  },
});

async function send(
  ctx: CheckContext,
  request: CaseRequest,
  renameHeaders: Record<string, string>,
): Promise<{ answered: boolean; timedOut?: boolean; said: string; evidence?: Evidence }> {
  const id = requestId('case');
  const outcome = await sendStream(ctx, ctx.client, {
    message: { jsonrpc: '2.0', id, method: request.method, params: request.params },
    inputSchema: request.inputSchema,
    graceMs: 0,
    renameHeaders,
  });
  if ('failure' in outcome) return { answered: false, timedOut: true, said: `got no answer (${outcome.failure})` };
  const answer = streamMessages(outcome).find((message) => message.id === id) ?? outcome.json;
  if (isObject(answer) && 'result' in answer) return { answered: true, said: 'got a result' };
  // An SSE stream mcpvet stopped reading before the answer came is a timeout too.
  if (!isObject(answer) && !outcome.ended)
    return { answered: false, timedOut: true, said: `got HTTP ${outcome.status} and no answer within ${ctx.timeoutMs} ms` };
  const error = isObject(answer) && isObject(answer.error) ? ` with error ${String(answer.error.code)} "${String(answer.error.message)}"` : '';
  return { answered: false, said: `got HTTP ${outcome.status}${error}`, evidence: ctx.evidence(outcome.frames) };
}
