/** A request without credentials gets 401 with a Bearer challenge (the error table; RFC 9110 §15.5.2, RFC 6750 §3). */
import { defineCheck, notJudged, pass, violation } from '../../define.js';
import { describeAuthAnswer, isNotJudged, unauthenticated } from '../../probes/auth/auth-probe.js';

export default defineCheck({
  id: 'auth.no-token-401',
  title: 'A request without credentials gets 401 with a WWW-Authenticate Bearer challenge',
  suite: 'auth',
  requirements: ['AUTH-11'],
  transports: ['http'],
  spec: 'basic/authorization#error-handling',
  async run(ctx) {
    const answer = await unauthenticated(ctx);
    if (isNotJudged(answer)) return notJudged(answer);
    const evidence = answer.evidence;
    if (answer.status !== 401)
      return violation('not-401', `${answer.label} got ${describeAuthAnswer(answer)}; a protected server answers a request without a token with 401`, evidence);
    if (!answer.challenge)
      return violation(
        'no-bearer-challenge',
        `${answer.label} got ${describeAuthAnswer(answer)}; a 401 carries WWW-Authenticate with the Bearer scheme`,
        evidence,
      );
    return pass(`${answer.label} got 401 with a Bearer challenge`, evidence);
  },
});
