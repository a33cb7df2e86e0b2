/** The 401 challenge names the scopes a client should ask for (SHOULD; RFC 6750 makes it optional). */
import { defineCheck, notJudged, pass, skip, violation } from '../../define.js';
import { describeAuthAnswer, isNotJudged, unauthenticated } from '../../probes/auth/auth-probe.js';

export default defineCheck({
  id: 'auth.challenge-scope',
  title: 'The 401 challenge carries a scope parameter',
  suite: 'auth',
  requirements: ['AUTH-05'],
  transports: ['http'],
  spec: 'basic/authorization#scope-selection-strategy',
  async run(ctx) {
    const answer = await unauthenticated(ctx);
    if (isNotJudged(answer)) return notJudged(answer);
    if (answer.status !== 401 || !answer.challenge)
      return skip(`${answer.label} got ${describeAuthAnswer(answer)}, no Bearer 401 challenge (see auth.no-token-401)`);
    const evidence = answer.evidence;
    const scope = answer.challenge.params.scope;
    if (!scope?.trim())
      return violation(
        'no-scope',
        `the 401 challenge has no scope parameter (${describeAuthAnswer(answer)}); clients then fall back to every scope of scopes_supported`,
        evidence,
      );
    return pass(`the 401 challenge names scope="${scope}"`, evidence);
  },
});
