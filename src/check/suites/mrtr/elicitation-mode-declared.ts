/**
 * Servers MUST NOT send elicitation requests in a mode the client does not support
 * (client/elicitation#capabilities; `elicitation: {}` means form only). An elicitation found
 * with every capability declared is asked for again on a fresh connection declaring only the
 * other mode; then every InputRequiredResult of the run is judged against its own request's
 * declaration.
 */
import { isObject, type JsonObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, notJudged, incomplete } from '../../define.js';
import { ALL_INPUT_CAPABILITIES, findInputRequired, requestWith } from '../../probes/mrtr/input-required.js';
import { declaredElicitationModes, elicitationMode, inputRequestsWithDeclared } from '../../probes/mrtr/declared-scan.js';
import { traceProblems } from '../../probes/mrtr/trace-scan.js';

export default defineCheck({
  id: 'mrtr.elicitation-mode-declared',
  title: 'No elicitation in a mode the request did not declare',
  suite: 'mrtr',
  requirements: ['MRTR-12'],
  eras: ['modern'],
  spec: 'client/elicitation#capabilities',
  freshProcesses: 1,
  async run(ctx) {
    const found = await findInputRequired(ctx, { accept: (candidate) => elicitations(candidate.result).length > 0 });
    if ('skip' in found) return notJudged(found);
    const used = elicitationMode(elicitations(found.result)[0]!);
    const other = used === 'url' ? 'form' : 'url';
    const fresh = await ctx.openClient();
    await requestWith(fresh, found.candidate, { ...ALL_INPUT_CAPABILITIES, elicitation: { [other]: {} } });
    const all = inputRequestsWithDeclared(ctx.traces()).filter((entry) => entry.request.method === 'elicitation/create');
    if (all.length === 0) return incomplete('no-elicitation', 'no elicitation input request was seen');
    const problems = all
      .filter((entry) => !declaredElicitationModes(entry.declared).includes(elicitationMode(entry.request)))
      .map((entry) => ({
        frame: entry.frame,
        text: `inputRequests["${entry.key}"] is a ${elicitationMode(entry.request)}-mode elicitation, but the request declared elicitation ${JSON.stringify(entry.declared.elicitation ?? null)} (${declaredElicitationModes(entry.declared).join(', ') || 'no'} mode)`,
      }));
    if (problems.length > 0) return traceProblems('undeclared-mode', problems);
    return pass(
      `${all.length} elicitation input request(s), each in a mode its request declared (including ${found.candidate.label} declaring ${other} mode only)`,
    );
  },
});

function elicitations(result: JsonObject): JsonObject[] {
  const requests = isObject(result.inputRequests) ? Object.values(result.inputRequests) : [];
  return requests.filter((request): request is JsonObject => isObject(request) && request.method === 'elicitation/create');
}
