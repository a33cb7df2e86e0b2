/**
 * Legacy Streamable HTTP: once a client ends its session with DELETE, the server answers requests
 * carrying that id with 404 (2025-11-25 transports, MUST). A server may refuse client-initiated
 * termination with 405; then there is nothing to judge.
 */
import type { RpcOutcome } from '../../../client/types.js';
import { TransportError } from '../../../protocol/transport-error.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { sessionIdOf } from '../../probes/http/legacy-session.js';
import { unanswered } from '../../probes/http/unanswered.js';

const RULE = 'a terminated session must answer 404';

export default defineCheck({
  id: 'http.legacy-deleted-session-404',
  title: 'A deleted legacy session answers 404',
  suite: 'http',
  requirements: ['LHTTP-09'],
  eras: ['legacy'],
  transports: ['http'],
  spec: '2025-11-25/basic/transports#session-management',
  async run(ctx) {
    const client = await ctx.openClient({ era: 'legacy' });
    const sessionId = sessionIdOf(client);
    if (sessionId === undefined) return skip('the server gave no Mcp-Session-Id at initialize (sessions are optional)');
    let deleted: RpcOutcome | undefined;
    try {
      deleted = await client.raw('', { httpMethod: 'DELETE' });
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      return skip(`DELETE of the session got no answer (${error.message}), so the session may still exist`);
    }
    const deleteStatus = deleted?.http?.status;
    if (deleteStatus === 405) return skip('the server does not let clients end sessions (DELETE got 405, which is allowed)');
    if (deleteStatus === undefined || deleteStatus >= 300)
      return skip(`DELETE of the session got HTTP ${deleteStatus ?? 'nothing'}, so the session may still exist`);
    let after: RpcOutcome | undefined;
    try {
      after = await client.raw({ jsonrpc: '2.0', id: 'mcpvet-after-delete', method: 'ping' });
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      return unanswered(ctx, `after DELETE (HTTP ${deleteStatus}), a ping with the old session id`, error.message, RULE);
    }
    const status = after?.http?.status;
    const evidence = [ctx.evidence(deleted!.frames, client), ...(after ? [ctx.evidence(after.frames, client)] : [])];
    if (status === 404) return pass(`after DELETE (HTTP ${deleteStatus}), a request with the old session id got 404`);
    return violation(
      'deleted-session-served',
      `after DELETE of session ${sessionId} (HTTP ${deleteStatus}), a ping with that session id got HTTP ${status}; ${RULE} so the client starts a new one`,
      evidence,
    );
  },
});
