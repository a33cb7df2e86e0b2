/**
 * Servers account for scope hierarchies (AUTH-09, MUST; new in 2026-07-28): a token holding only
 * a broader scope that implies the ones the low-scope token lacks (--token-broad-scope) is
 * served what the low-scope token was refused.
 */
import { defineCheck, incomplete, notJudged, pass, violation } from '../../define.js';
import { isNotJudged, needsToken, unauthenticated } from '../../probes/auth/auth-probe.js';
import { describeRetry, retryRefusal } from '../../probes/auth/retry-refusal.js';
import { probeLowScope } from '../../probes/auth/scope-refusal.js';

export default defineCheck({
  id: 'auth.scope-hierarchy',
  title: 'A broader scope (--token-broad-scope) is served what it implies',
  suite: 'auth',
  requirements: ['AUTH-09'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/authorization#step-up-authorization-flow',
  async run(ctx) {
    const protection = await unauthenticated(ctx);
    if (isNotJudged(protection)) return notJudged(protection);
    if (!ctx.tokens.lowScope) return notJudged(needsToken('--token-low-scope', 'low-scope token'));
    if (!ctx.tokens.broadScope) return notJudged(needsToken('--token-broad-scope', 'broad-scope token (a scope that implies the missing ones)'));
    const refusal = (await probeLowScope(ctx, ctx.tokens.lowScope)).refusal;
    if (!refusal || (refusal.status !== 401 && refusal.status !== 403))
      return incomplete('no-scope-refusal', 'nothing mcpvet sent with the low-scope token was refused with 401 or 403 (auth.insufficient-scope-403 says why)');
    const retry = await retryRefusal(ctx, refusal, ctx.tokens.broadScope, 'the broad-scope token');
    const evidence = [...refusal.evidence, ...retry.evidence];
    if (retry.failure) return incomplete('no-answer', `${retry.label} got ${describeRetry(retry)}`);
    if (!retry.refused) return pass(`${refusal.label} was refused; ${retry.label} was served (HTTP ${retry.status})`, evidence);
    if (retry.status === 403)
      return violation(
        'broader-scope-refused',
        `${refusal.label} was refused, and ${retry.label} got ${describeRetry(retry)} too: a broader scope implies the narrower ones it covers`,
        evidence,
      );
    return incomplete('broad-scope-token-refused', `${retry.label} got ${describeRetry(retry)}: the broad-scope token itself was not accepted`);
  },
});
