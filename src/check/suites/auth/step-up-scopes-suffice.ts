/**
 * One challenge names every scope the operation needs (AUTH-07, SHOULD; 2026-07-28): a client
 * that steps up to exactly the scopes of the 403 challenge (--token-step-up) is then served, not
 * refused again for a scope the first challenge left out.
 */
import { defineCheck, incomplete, notJudged, pass, violation } from '../../define.js';
import { isNotJudged, needsToken, unauthenticated } from '../../probes/auth/auth-probe.js';
import { describeRetry, retryRefusal } from '../../probes/auth/retry-refusal.js';
import { probeLowScope } from '../../probes/auth/scope-refusal.js';

export default defineCheck({
  id: 'auth.step-up-scopes-suffice',
  title: 'The scopes of one 403 challenge (--token-step-up) are enough for the operation',
  suite: 'auth',
  requirements: ['AUTH-07'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/authorization#runtime-insufficient-scope-errors',
  async run(ctx) {
    const protection = await unauthenticated(ctx);
    if (isNotJudged(protection)) return notJudged(protection);
    if (!ctx.tokens.lowScope) return notJudged(needsToken('--token-low-scope', 'low-scope token'));
    if (!ctx.tokens.stepUp) return notJudged(needsToken('--token-step-up', 'step-up token (the low-scope scopes plus those its challenge names)'));
    const refusal = (await probeLowScope(ctx, ctx.tokens.lowScope)).refusal;
    const named = refusal?.challenge?.params.scope;
    if (refusal?.status !== 403 || !named)
      return incomplete('no-scope-challenge', 'the low-scope token got no 403 challenge naming a scope (auth.insufficient-scope-403 says why)');
    const retry = await retryRefusal(ctx, refusal, ctx.tokens.stepUp, 'the step-up token');
    const evidence = [...refusal.evidence, ...retry.evidence];
    if (retry.failure) return incomplete('no-answer', `${retry.label} got ${describeRetry(retry)}`);
    if (!retry.refused) return pass(`${refusal.label} was challenged for scope="${named}"; ${retry.label} was then served (HTTP ${retry.status})`, evidence);
    const again = retry.challenge?.params;
    if (retry.status === 403 && again?.error === 'insufficient_scope')
      return violation(
        'scopes-one-at-a-time',
        `${refusal.label} was challenged for scope="${named}", but ${retry.label} (holding those scopes) got ${describeRetry(retry)}: one challenge should name every scope the operation needs`,
        evidence,
      );
    return incomplete('step-up-token-refused', `${retry.label} got ${describeRetry(retry)}: the step-up token itself was not accepted`);
  },
});
