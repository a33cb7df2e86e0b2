/**
 * A requestState must not be usable twice where it guards business logic: the spec asks servers
 * to bind states to a principal, an expiry and the request, and to enforce one-time semantics on
 * the server side (DIGEST §7). mcpvet completes the flow, then sends the final retry again with a
 * new id; the rule is judged by whether that replay is refused (an error, or asking again).
 */
import { ALL_INPUT_CAPABILITIES, describeOutcome, isInputRequired, requestWith, retryParams, foundEvidence } from '../../probes/mrtr/input-required.js';
import { defineCheck, pass, violation, notJudged, incomplete } from '../../define.js';
import type { Evidence } from '../../types.js';
import { findGuardingState } from '../../probes/mrtr/state-flow.js';

const MAX_ROUNDS = 4;

export default defineCheck({
  id: 'mrtr.replayed-state-rejected',
  title: 'A requestState replayed after completion is rejected',
  suite: 'mrtr',
  requirements: ['MRTR-06'],
  eras: ['modern'],
  // Final: it completes the flow (e.g. really deletes), so it runs after the checks that only ask.
  final: true,
  spec: 'basic/patterns/mrtr#requeststate-security',
  async run(ctx) {
    const found = await findGuardingState(ctx);
    if ('skip' in found) return notJudged(found);
    const evidence: Evidence[] = [foundEvidence(ctx, found)];
    let result = found.result;
    let lastRetry = retryParams(result);
    for (let round = 2; round <= MAX_ROUNDS; round++) {
      lastRetry = retryParams(result);
      const outcome = await requestWith(ctx.client, found.candidate, ALL_INPUT_CAPABILITIES, lastRetry);
      evidence.push(ctx.evidence(outcome.frames));
      if (!outcome.result)
        return incomplete(
          'flow-not-completed',
          `${found.candidate.label}: the flow did not complete (round ${round} got ${describeOutcome(outcome)}), so there is nothing to replay`,
        );
      if (!isInputRequired(outcome)) break;
      if (round === MAX_ROUNDS)
        return incomplete('flow-not-completed', `${found.candidate.label}: still asking for input after ${MAX_ROUNDS} rounds; nothing completed to replay`);
      result = outcome.result;
    }
    if (typeof lastRetry.requestState !== 'string')
      return incomplete('no-request-state', `${found.candidate.label}: the final round carried no requestState to replay`);
    const replay = await requestWith(ctx.client, found.candidate, ALL_INPUT_CAPABILITIES, lastRetry);
    evidence.push(ctx.evidence(replay.frames));
    if (replay.error || isInputRequired(replay)) {
      return pass(`${found.candidate.label}: replaying the completed retry (same requestState, new id) was refused (${describeOutcome(replay)})`);
    }
    return violation(
      'replay-accepted',
      `${found.candidate.label}: after the flow completed, the same retry (same requestState and answers, new request id) was accepted again with ${describeOutcome(replay)}. Judged by whether the replay is refused: a state that guards business logic should be single-use (spend a nonce on the server) and bound to the principal, an expiry and the request`,
      evidence,
    );
  },
});
