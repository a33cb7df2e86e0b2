/** A token that must not be accepted: the answer is 401, whatever the token's flaw. */
import { incomplete, notJudged, pass, violation } from '../../define.js';
import type { CheckContext, Finding } from '../../types.js';
import { accepted, describeAuthAnswer, isNotJudged, sendAs, unauthenticated, type Credential } from './auth-probe.js';

export async function expect401(ctx: CheckContext, credential: Credential | { missing: string }, what: string): Promise<Finding> {
  const protection = await unauthenticated(ctx);
  if (isNotJudged(protection)) return notJudged(protection);
  if ('missing' in credential) return incomplete('no-token', `${credential.missing} was not given (the check needs ${what})`);
  const answer = await sendAs(ctx, credential);
  const evidence = answer.evidence;
  if (answer.status === 401) return pass(`${answer.label} (${what}) got 401`, evidence);
  if (accepted(answer))
    return violation('accepted', `${answer.label} (${what}) got HTTP ${answer.status}: the server accepted it; it must answer 401`, evidence);
  return violation('not-401', `${answer.label} (${what}) got ${describeAuthAnswer(answer)}; it must get 401`, evidence);
}
