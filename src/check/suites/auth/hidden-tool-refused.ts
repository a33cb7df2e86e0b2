/**
 * A tool the low-scope token does not see in its tools/list is refused to it on tools/call too:
 * scope is checked on every call, not only at listing (servers MUST enforce access control).
 */
import { defineCheck, incomplete, notJudged, pass, skip, violation } from '../../define.js';
import { isNotJudged, unauthenticated } from '../../probes/auth/auth-probe.js';
import { probeLowScope } from '../../probes/auth/scope-refusal.js';

export default defineCheck({
  id: 'auth.hidden-tool-refused',
  title: 'A tool hidden from a token (--token-low-scope) is refused to it on tools/call',
  suite: 'auth',
  requirements: ['AUTH-16'],
  transports: ['http'],
  requires: ['tools'],
  spec: 'server/tools#security-considerations',
  async run(ctx) {
    const protection = await unauthenticated(ctx);
    if (isNotJudged(protection)) return notJudged(protection);
    if (!ctx.tokens.lowScope) return incomplete('no-token', 'no low-scope token was given (pass one with --token-low-scope)');
    const probe = await probeLowScope(ctx, ctx.tokens.lowScope);
    if (probe.refusal && !probe.refusal.tool)
      return skip(`the low-scope token is refused every request (${probe.refusal.label}: HTTP ${probe.refusal.status}), so it sees no tool list to compare`);
    if (probe.hidden.length === 0) return skip('the low-scope token sees every tool in its tools/list');
    if (probe.hiddenServed.length) {
      return probe.hiddenServed.map(({ tool, evidence }) =>
        violation(
          'hidden-tool-callable',
          `${tool} is not in the low-scope token's tools/list, yet tools/call ${tool} with that token was served; a call must be authorized like the listing`,
          evidence,
          { tool },
        ),
      );
    }
    if (probe.refusal?.tool && probe.hidden.includes(probe.refusal.tool))
      return pass(`${probe.refusal.tool}, hidden from the low-scope token, was refused to it (HTTP ${probe.refusal.status})`, probe.refusal.evidence);
    return incomplete(
      'no-callable-tool',
      `no tool hidden from the low-scope token (${probe.hidden.join(', ')}) may be called: ${probe.notCalled.join('; ')} (allow one with --allow-call)`,
    );
  },
});
