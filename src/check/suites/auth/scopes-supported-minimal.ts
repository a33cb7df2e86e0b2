/**
 * scopes_supported is the minimal set for basic use; further scopes come by step-up. A scope the
 * server challenges for at tools/call (--token-low-scope) that scopes_supported already lists is
 * granted up front to every client that asks for scopes_supported (the spec's fallback).
 */
import { defineCheck, incomplete, notJudged, pass, skip, violation } from '../../define.js';
import { isNotJudged, unauthenticated } from '../../probes/auth/auth-probe.js';
import { scopesOf } from '../../probes/auth/challenge.js';
import { findMetadata } from '../../probes/auth/metadata.js';
import { probeLowScope } from '../../probes/auth/scope-refusal.js';

export default defineCheck({
  id: 'auth.scopes-supported-minimal',
  title: 'scopes_supported leaves out the scopes a step-up challenge asks for',
  suite: 'auth',
  requirements: ['AUTH-14'],
  transports: ['http'],
  spec: 'basic/authorization#scope-selection-strategy',
  async run(ctx) {
    const protection = await unauthenticated(ctx);
    if (isNotJudged(protection)) return notJudged(protection);
    if (!ctx.tokens.lowScope) return incomplete('no-token', 'no low-scope token was given (pass one with --token-low-scope)');
    const lookup = await findMetadata(ctx, protection.challenge);
    if (!lookup.ok && lookup.code === 'metadata-elsewhere') return incomplete(lookup.code, lookup.message);
    if (!lookup.ok || !Array.isArray(lookup.document.scopes_supported)) return skip('no scopes_supported in the Protected Resource Metadata');
    const supported = new Set(lookup.document.scopes_supported);
    const probe = await probeLowScope(ctx, ctx.tokens.lowScope);
    const refusal = probe.refusal;
    if (!refusal?.tool)
      return incomplete('no-step-up', 'no tools/call was refused to the low-scope token with a scope challenge, so no step-up scope is known');
    const stepUp = scopesOf(refusal.challenge?.params.scope).filter((scope) => !scopesOf(protection.challenge?.params.scope).includes(scope));
    if (stepUp.length === 0) return incomplete('no-step-up', `the challenge for ${refusal.tool} names no scope beyond the 401's`);
    const listed = stepUp.filter((scope) => supported.has(scope));
    const evidence = [...lookup.evidence, ...refusal.evidence];
    if (listed.length === stepUp.length)
      return violation(
        'step-up-scope-supported',
        `scopes_supported (${[...supported].join(' ')}) already lists ${listed.join(' ')}, which only ${refusal.tool} needs: a client asking for scopes_supported gets it up front; keep scopes_supported minimal and let step-up add the rest`,
        evidence,
      );
    return pass(`the step-up scope ${stepUp.filter((scope) => !supported.has(scope)).join(' ')} of ${refusal.tool} is not in scopes_supported`, evidence);
  },
});
