/** The verdict on a completion/complete answer for a declared argument: a CompleteResult, possibly with no values. */
import type { RpcOutcome } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { pass, violation } from '../../define.js';
import type { CheckContext, Finding } from '../../types.js';
import { describeAnswer, summarize } from '../tools/answer.js';
import { completionProblems, describeValues } from './completion-shape.js';

/**
 * SDK reading: a declared argument of a listed prompt or template is a valid ref; without
 * suggestions the answer is an empty values list, not an error.
 */
export function judgeCompletion(ctx: CheckContext, outcome: RpcOutcome, what: string, declared: string): Finding {
  const evidence = [ctx.evidence(outcome.frames)];
  if (!isObject(outcome.result))
    return violation('no-result', `${what} answered ${describeAnswer(outcome)}; ${declared} should be answered with (possibly empty) values`, evidence);
  const problems = completionProblems(outcome.result);
  if (problems.length > 0) return violation('malformed-result', `${what} does not have the CompleteResult shape: ${summarize(problems)}`, evidence);
  return pass(`${what} answered ${describeValues(outcome.result)}`);
}
