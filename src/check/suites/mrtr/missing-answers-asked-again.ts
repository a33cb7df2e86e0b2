/**
 * When a retry lacks answers the server needs, it SHOULD answer with a new InputRequiredResult
 * asking again, rather than an error (basic/patterns/mrtr#error-handling). The retry carries the
 * genuine requestState and an empty inputResponses. Completing without the answers is reported
 * apart: the server acted on input it never got.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, violation, notJudged } from '../../define.js';
import { ALL_INPUT_CAPABILITIES, describeOutcome, findInputRequired, isInputRequired, requestWith, foundEvidence } from '../../probes/mrtr/input-required.js';

export default defineCheck({
  id: 'mrtr.missing-answers-asked-again',
  title: 'A retry without the answers gets a new InputRequiredResult',
  suite: 'mrtr',
  requirements: ['MRTR-09'],
  eras: ['modern'],
  spec: 'basic/patterns/mrtr#error-handling',
  async run(ctx) {
    const found = await findInputRequired(ctx, {
      accept: (candidate) => isObject(candidate.result.inputRequests) && Object.keys(candidate.result.inputRequests).length > 0,
    });
    if ('skip' in found) return notJudged(found);
    const asked = Object.keys(found.result.inputRequests as object);
    const state = typeof found.result.requestState === 'string' ? { requestState: found.result.requestState } : {};
    const outcome = await requestWith(ctx.client, found.candidate, ALL_INPUT_CAPABILITIES, { ...state, inputResponses: {} });
    const evidence = [foundEvidence(ctx, found), ctx.evidence(outcome.frames)];
    const again = isInputRequired(outcome) && isObject(outcome.result?.inputRequests) ? Object.keys(outcome.result.inputRequests) : [];
    if (again.length > 0) return pass(`${found.candidate.label}: a retry without answers to ${asked.join(', ')} was asked again (${again.join(', ')})`);
    if (outcome.error) {
      return violation(
        'error-instead',
        `${found.candidate.label}: a retry without answers to ${asked.join(', ')} got ${describeOutcome(outcome)}; the server should ask for the missing answers again with a new InputRequiredResult`,
        evidence,
      );
    }
    return violation(
      isInputRequired(outcome) ? 'nothing-asked' : 'completed-without-answers',
      `${found.candidate.label}: a retry without answers to ${asked.join(', ')} got ${describeOutcome(outcome)}${isInputRequired(outcome) ? ' with no inputRequests' : ''}; the server should ask for the missing answers again`,
      evidence,
    );
  },
});
