/**
 * Every InputRequiredResult carries `inputRequests` or `requestState` (at least one MUST be
 * present; the official schema does not enforce it), and each input request is one of the three
 * kinds a client can answer.
 */
import { isObject, type JsonObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, violation, notJudged, incomplete } from '../../define.js';
import { CAPABILITY_OF_KIND, findInputRequired } from '../../probes/mrtr/input-required.js';
import { inputRequiredResponses } from '../../probes/mrtr/trace-scan.js';

export default defineCheck({
  id: 'mrtr.input-required-shape',
  title: 'An InputRequiredResult has inputRequests or requestState, and only known input kinds',
  suite: 'mrtr',
  requirements: ['MRTR-02', 'MRTR-03'],
  eras: ['modern'],
  spec: 'basic/patterns/mrtr#inputrequiredresult',
  async run(ctx) {
    const probe = await findInputRequired(ctx);
    const found = inputRequiredResponses(ctx.traces());
    if (found.length === 0) return 'skip' in probe ? notJudged(probe) : incomplete('no-input-required', 'no input_required answer was seen');
    const problems: { text: string; entry: (typeof found)[number] }[] = [];
    for (const entry of found) {
      const problem = shapeProblem(entry.message.result as JsonObject);
      if (problem) problems.push({ text: `${entry.method ?? 'a request'}: ${problem}`, entry });
    }
    if (problems.length === 0) return pass(`${found.length} InputRequiredResult(s), each with inputRequests or requestState`);
    return violation(
      'malformed-result',
      problems
        .slice(0, 3)
        .map((problem) => problem.text)
        .join('; '),
      [{ frames: problems.slice(0, 5).map((problem) => problem.entry.frame) }],
    );
  },
});

function shapeProblem(result: JsonObject): string | undefined {
  const requests = result.inputRequests;
  const hasRequests = isObject(requests) && Object.keys(requests).length > 0;
  const hasState = typeof result.requestState === 'string';
  if (requests !== undefined && !isObject(requests)) return 'inputRequests is not an object of key -> input request';
  if (!hasRequests && !hasState) return 'the InputRequiredResult has neither inputRequests nor requestState, so the client cannot answer or retry it';
  if (result.requestState !== undefined && !hasState) return 'requestState is not a string';
  for (const [key, request] of Object.entries(isObject(requests) ? requests : {})) {
    const method = isObject(request) ? request.method : undefined;
    if (typeof method !== 'string' || !(method in CAPABILITY_OF_KIND)) {
      return `inputRequests["${key}"] has method ${JSON.stringify(method)}; the kinds are ${Object.keys(CAPABILITY_OF_KIND).join(', ')}`;
    }
  }
  return undefined;
}
