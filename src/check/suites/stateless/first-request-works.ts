/**
 * Any request works on a fresh connection (a fresh process on stdio) with no earlier traffic:
 * no server/discover first, no handshake (DIGEST §1 "Statelessness", §4). The probe opens a raw
 * channel and sends a list request as its very first message, as a client the server has never
 * seen (its own clientInfo name), so nothing remembered about mcpvet can help.
 */
import { MCPVET_CLIENT_INFO } from '../../../client/base-client.js';
import { modernHeaders } from '../../../protocol/headers.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { withModernMeta } from '../../../protocol/meta.js';
import { TransportError } from '../../../protocol/transport-error.js';
import { curlFor } from '../../curl.js';
import { defineCheck, pass, violation } from '../../define.js';
import type { Evidence } from '../../types.js';
import { declaredLists } from '../../probes/stateless/lists.js';

export default defineCheck({
  id: 'stateless.first-request-works',
  title: 'A request works as the first message of a fresh connection',
  suite: 'stateless',
  requirements: ['LIFE-11', 'LIFE-12'],
  eras: ['modern'],
  spec: 'basic/index#statelessness',
  freshProcesses: 1,
  async run(ctx) {
    const method = declaredLists(ctx.client.serverCapabilities, ['tools/list', 'prompts/list', 'resources/list'])[0] ?? 'server/discover';
    const params = withModernMeta(
      {},
      {
        protocolVersion: ctx.client.protocolVersion,
        clientCapabilities: {},
        clientInfo: { name: 'mcpvet-fresh-client', version: MCPVET_CLIENT_INFO.version },
      },
    );
    const headers = ctx.transport === 'http' ? modernHeaders({ protocolVersion: ctx.client.protocolVersion, method, params }) : {};
    const channel = ctx.freshChannel();
    const trace = channel.trace;
    const where = ctx.transport === 'stdio' ? 'a freshly started server process' : 'a new client';
    const evidence = (): Evidence[] => {
      const sent = trace.frames.find((frame) => frame.direction === 'send');
      return [{ frames: trace.frames.slice(0, 10), curl: sent ? curlFor(sent) : undefined }];
    };
    try {
      const reply = await channel.send({ jsonrpc: '2.0', id: 'mcpvet-first-request', method, params }, { timeoutMs: ctx.timeoutMs, headers });
      const response = reply.response;
      if (response && isObject(response.result)) return pass(`${method} as the first message to ${where} was answered with a result`);
      const error = isObject(response?.error) ? `error ${String(response.error.code)} "${String(response.error.message)}"` : 'no JSON-RPC answer';
      const status = reply.http ? `HTTP ${reply.http.status} with ` : '';
      return violation(
        'first-request-refused',
        `${method} as the first message to ${where} (no server/discover before it) got ${status}${error}; a modern server must serve any request without earlier traffic`,
        evidence(),
      );
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      return violation(
        'no-answer',
        `${method} as the first message to ${where} got no answer (${error.message}); a modern server must serve any request without earlier traffic`,
        evidence(),
      );
    } finally {
      await channel.close();
    }
  },
});
