/**
 * Header names are compared case-insensitively (DIGEST §3, MUST). mcpvet otherwise sends every
 * name in lower case; here the mirrored headers go out as MCP-PROTOCOL-VERSION, MCP-METHOD and
 * mcp-NAME (names exactly so on the wire), and a correct request must still be answered.
 */
import { isObject, type JsonObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, violation } from '../../define.js';
import type { Evidence } from '../../types.js';
import { namedRequest } from './probe.js';
import { requestId, sendStream, streamMessages } from './stream-request.js';

export default defineCheck({
  id: 'http.header-names-case-insensitive',
  title: 'Mirrored header names are matched case-insensitively',
  suite: 'http',
  requirements: ['HTTP-19'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#case-sensitivity',
  async run(ctx) {
    const requests: { label: string; method: string; params: JsonObject; inputSchema?: unknown; name?: string }[] = [{ label: 'server/discover', method: 'server/discover', params: {} }];
    const named = await namedRequest(ctx);
    if (!('skip' in named)) requests.push({ label: named.label, method: named.method, params: named.params, inputSchema: named.inputSchema, name: named.name });
    const problems: string[] = [];
    const evidence: Evidence[] = [];
    for (const request of requests) {
      const id = requestId('case');
      const outcome = await sendStream(ctx, ctx.client, { message: { jsonrpc: '2.0', id, method: request.method, params: request.params }, inputSchema: request.inputSchema, graceMs: 0, renameHeaders: RESPELT });
      if ('failure' in outcome) {
        problems.push(`${request.label} got no answer (${outcome.failure})`);
        continue;
      }
      const answer = streamMessages(outcome).find((message) => message.id === id) ?? outcome.json;
      if (isObject(answer) && 'result' in answer) continue;
      const error = isObject(answer) && isObject(answer.error) ? ` with error ${String(answer.error.code)} "${String(answer.error.message)}"` : '';
      problems.push(`${request.label} got HTTP ${outcome.status}${error}`);
      evidence.push(ctx.evidence(outcome.frames));
    }
    if (problems.length === 0) return pass(`${requests.map((request) => request.label).join(' and ')} with header names in other cases (MCP-METHOD, mcp-NAME...) were answered`);
    return violation('case-sensitive-names', `with the mirrored header names spelt MCP-PROTOCOL-VERSION, MCP-METHOD and mcp-NAME: ${problems.join('; ')}; header names are case-insensitive`, evidence);
  },
});

const RESPELT: Record<string, string> = { 'mcp-protocol-version': 'MCP-PROTOCOL-VERSION', 'mcp-method': 'MCP-METHOD', 'mcp-name': 'mcp-NAME' };
