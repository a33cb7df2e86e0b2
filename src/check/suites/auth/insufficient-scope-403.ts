/**
 * A token that lacks a scope gets a step-up challenge: 403 with WWW-Authenticate Bearer
 * error="insufficient_scope", the scope the operation needs and resource_metadata (SHOULD).
 */
import { defineCheck, incomplete, notJudged, pass, violation } from '../../define.js';
import type { Finding } from '../../types.js';
import { isNotJudged, unauthenticated } from '../../probes/auth/auth-probe.js';
import { probeLowScope } from '../../probes/auth/scope-refusal.js';

export default defineCheck({
  id: 'auth.insufficient-scope-403',
  title: 'A token lacking a scope (--token-low-scope) gets 403 insufficient_scope naming the scope',
  suite: 'auth',
  requirements: ['AUTH-06'],
  transports: ['http'],
  spec: 'basic/authorization#runtime-insufficient-scope-errors',
  async run(ctx) {
    const protection = await unauthenticated(ctx);
    if (isNotJudged(protection)) return notJudged(protection);
    if (!ctx.tokens.lowScope) return incomplete('no-token', 'no low-scope token was given (pass one with --token-low-scope)');
    const probe = await probeLowScope(ctx, ctx.tokens.lowScope);
    const refusal = probe.refusal;
    if (!refusal)
      return incomplete(
        'no-scope-refusal',
        `nothing mcpvet sent with the low-scope token was refused${probe.notCalled.length ? ` (not called: ${probe.notCalled.join('; ')}; allow them with --allow-call)` : ''}`,
      );
    const findings: Finding[] = [];
    const params = refusal.challenge?.params ?? {};
    const seen = `HTTP ${refusal.status ?? 'no status'}${refusal.challenge ? ` with Bearer ${JSON.stringify(params)}` : ' without a Bearer challenge'}`;
    if (refusal.status !== 403) findings.push(violation('not-403', `${refusal.label} got ${seen}; insufficient scope gets 403`, refusal.evidence));
    if (params.error !== 'insufficient_scope')
      findings.push(violation('no-insufficient-scope-error', `${refusal.label} got ${seen}; the challenge says error="insufficient_scope"`, refusal.evidence));
    if (!params.scope?.trim())
      findings.push(violation('no-scope', `${refusal.label} got ${seen}; the challenge names the scope the operation needs`, refusal.evidence));
    if (!params.resource_metadata)
      findings.push(
        violation('no-resource-metadata', `${refusal.label} got ${seen}; the challenge carries resource_metadata, as the 401 does`, refusal.evidence),
      );
    return findings.length ? findings : pass(`${refusal.label} got 403 insufficient_scope with scope="${params.scope}"`, refusal.evidence);
  },
});
