/**
 * Legacy Streamable HTTP: a server that requires a session answers a request without
 * Mcp-Session-Id (other than initialize) with 400 Bad Request (2025-11-25 transports, SHOULD). A
 * server that answers the request normally does not require one: nothing to judge then.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { sessionIdOf } from '../../probes/http/legacy-session.js';
import { requestId, sendStream, streamMessages } from '../../probes/http/stream-request.js';
import { unanswered } from '../../probes/http/unanswered.js';

export default defineCheck({
  id: 'http.legacy-session-required-400',
  title: 'A request without the required Mcp-Session-Id gets 400',
  suite: 'http',
  requirements: ['LHTTP-08'],
  eras: ['legacy'],
  transports: ['http'],
  spec: '2025-11-25/basic/transports#session-management',
  async run(ctx) {
    if (sessionIdOf(ctx.client) === undefined) return skip('the server gave no Mcp-Session-Id at initialize, so it requires none');
    const id = requestId('no-session');
    const outcome = await sendStream(ctx, ctx.client, { message: { jsonrpc: '2.0', id, method: 'ping' }, headers: { 'mcp-session-id': null }, graceMs: 0 });
    if ('failure' in outcome)
      return unanswered(ctx, 'a ping without Mcp-Session-Id', outcome.failure, 'a server that requires a session should answer 400 Bad Request');
    const evidence = [ctx.evidence(outcome.frames)];
    const answer = streamMessages(outcome).find((message) => message.id === id) ?? outcome.json;
    if (outcome.status === 400) return pass('a ping without Mcp-Session-Id got 400');
    if (outcome.status < 300 && isObject(answer) && 'result' in answer)
      return skip('a ping without Mcp-Session-Id was answered normally: the server does not require a session');
    return violation(
      'not-400',
      `a ping without Mcp-Session-Id got HTTP ${outcome.status}${isObject(answer) && isObject(answer.error) ? ` with error ${String(answer.error.code)}` : ''}; a server that requires a session should answer 400 Bad Request`,
      evidence,
    );
  },
});
