/**
 * Servers SHOULD validate that inputResponses is a valid InputResponses object and answer a
 * protocol error with a JSON-RPC error (basic/patterns/mrtr#error-handling). The retry carries the
 * genuine requestState and an inputResponses that is a string, not a map: anything but a JSON-RPC
 * error (a result, or asking again as if nothing was sent) means it was not validated.
 */
import { defineCheck, pass, violation, notJudged } from '../../define.js';
import { ALL_INPUT_CAPABILITIES, describeOutcome, findInputRequired, requestWith, retryParams, foundEvidence } from '../../probes/mrtr/input-required.js';

export default defineCheck({
  id: 'mrtr.malformed-input-responses',
  title: 'A retry with malformed inputResponses gets a JSON-RPC error',
  suite: 'mrtr',
  requirements: ['MRTR-07'],
  eras: ['modern'],
  spec: 'basic/patterns/mrtr#error-handling',
  async run(ctx) {
    const found = await findInputRequired(ctx);
    if ('skip' in found) return notJudged(found);
    const outcome = await requestWith(ctx.client, found.candidate, ALL_INPUT_CAPABILITIES, {
      ...retryParams(found.result),
      inputResponses: 'mcpvet: not an InputResponses object',
    });
    const evidence = [foundEvidence(ctx, found), ctx.evidence(outcome.frames)];
    if (outcome.error) return pass(`${found.candidate.label}: a retry whose inputResponses is a string was refused with ${describeOutcome(outcome)}`);
    return violation(
      'not-an-error',
      `${found.candidate.label}: a retry whose inputResponses is a string (not a map of answers) was answered with ${describeOutcome(outcome)}; validate inputResponses and answer a malformed one with a JSON-RPC error`,
      evidence,
    );
  },
});
