/**
 * A legacy session belongs to the identity that opened it: a request in it with another
 * identity's valid token (--token-other-user) is refused. A session id is not authentication
 * (2025-11-25 security best practices: bind session ids to user-specific information).
 */
import { TransportError } from '../../../protocol/transport-error.js';
import { defineCheck, incomplete, notJudged, pass, violation } from '../../define.js';
import { isNotJudged, unauthenticated } from '../../probes/auth/auth-probe.js';

export default defineCheck({
  id: 'auth.other-user-session-refused',
  title: "Another identity's token (--token-other-user) cannot use the run's session",
  suite: 'auth',
  requirements: ['AUTH-15'],
  eras: ['legacy'],
  transports: ['http'],
  spec: 'basic/security_best_practices#session-hijacking',
  async run(ctx) {
    const protection = await unauthenticated(ctx);
    if (isNotJudged(protection)) return notJudged(protection);
    if (!ctx.tokens.otherUser) return incomplete('no-token', "no other identity's token was given (pass one with --token-other-user)");
    // The run's own credential headers are dropped: only the session id and the other token go.
    const headers: Record<string, string | null> = Object.fromEntries(
      Object.keys(ctx.target.transport === 'http' ? (ctx.target.headers ?? {}) : {}).map((name) => [name.toLowerCase(), null]),
    );
    headers.authorization = `Bearer ${ctx.tokens.otherUser}`;
    let outcome;
    try {
      outcome = await ctx.client.raw({ jsonrpc: '2.0', id: 'mcpvet-other-user', method: 'ping' }, { headers });
    } catch (error) {
      if (error instanceof TransportError)
        return incomplete('no-answer', `a ping in the run's session with another identity's token got no answer (${error.message})`);
      throw error;
    }
    const status = outcome?.http?.status;
    const evidence = outcome ? [ctx.evidence(outcome.frames)] : [];
    if (status !== undefined && status >= 400 && status < 500)
      return pass(`a ping in the run's session with another identity's token was refused (HTTP ${status})`, evidence);
    return violation(
      'session-shared',
      `a ping in the run's session (opened with the run's credential) with another identity's token got HTTP ${status ?? 'nothing'}; the session should be bound to the identity that opened it`,
      evidence,
    );
  },
});
