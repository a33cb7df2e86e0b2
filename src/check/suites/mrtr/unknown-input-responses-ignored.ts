/**
 * Unknown keys in inputResponses SHOULD be ignored (basic/patterns/mrtr#error-handling). The retry
 * answers every input request (forms are declined, so nothing is acted on) and adds a key the
 * server never asked for. When that is refused, the same retry without the extra key is made on
 * a new round trip: only if that one is accepted was the unknown key the reason.
 */
import type { JsonObject } from '../../../protocol/jsonrpc.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation, notJudged } from '../../define.js';
import { ALL_INPUT_CAPABILITIES, answerFor, describeOutcome, findInputRequired, requestWith, foundEvidence } from '../../probes/mrtr/input-required.js';

export const UNKNOWN_KEY = 'mcpvet-unrequested-7f3a';

export default defineCheck({
  id: 'mrtr.unknown-input-responses-ignored',
  title: 'Unknown keys in inputResponses are ignored',
  suite: 'mrtr',
  requirements: ['MRTR-08'],
  eras: ['modern'],
  spec: 'basic/patterns/mrtr#error-handling',
  async run(ctx) {
    const found = await findInputRequired(ctx, {
      accept: (candidate) => isObject(candidate.result.inputRequests) && !(UNKNOWN_KEY in candidate.result.inputRequests),
    });
    if ('skip' in found) return notJudged(found);
    const withExtra = await requestWith(
      ctx.client,
      found.candidate,
      ALL_INPUT_CAPABILITIES,
      declinedRetry(found.result, { [UNKNOWN_KEY]: { action: 'accept', content: {} } }),
    );
    const evidence = [foundEvidence(ctx, found), ctx.evidence(withExtra.frames)];
    if (!withExtra.error)
      return pass(
        `${found.candidate.label}: a retry with an extra inputResponses key "${UNKNOWN_KEY}" was answered with ${describeOutcome(withExtra)}, not refused`,
      );
    const control = await findInputRequired(ctx, { accept: (candidate) => candidate.candidate.label === found.candidate.label });
    if ('skip' in control)
      return skip(
        `${found.candidate.label} refused the retry with the extra key (${describeOutcome(withExtra)}), and a second round trip to compare it with could not be started`,
      );
    const plain = await requestWith(ctx.client, control.candidate, ALL_INPUT_CAPABILITIES, declinedRetry(control.result, {}));
    evidence.push(ctx.evidence(plain.frames));
    if (plain.error)
      return skip(`${found.candidate.label} refuses the retry with or without the extra key (${describeOutcome(plain)}), so the key is not what it refuses`);
    return violation(
      'unknown-key-rejected',
      `${found.candidate.label}: the retry with an extra inputResponses key "${UNKNOWN_KEY}" got ${describeOutcome(withExtra)}, the same retry without it ${describeOutcome(plain)}; a server should ignore keys it did not ask for`,
      evidence,
    );
  },
});

/** Answers to every input request, with forms declined (so a destructive tool does nothing), plus `extra`. */
function declinedRetry(result: JsonObject, extra: JsonObject): JsonObject {
  const requests = isObject(result.inputRequests) ? result.inputRequests : {};
  const inputResponses: JsonObject = {};
  for (const [key, request] of Object.entries(requests)) {
    inputResponses[key] = isObject(request) && request.method === 'elicitation/create' ? { action: 'decline' } : answerFor(request);
  }
  return { inputResponses: { ...inputResponses, ...extra }, ...(typeof result.requestState === 'string' ? { requestState: result.requestState } : {}) };
}
