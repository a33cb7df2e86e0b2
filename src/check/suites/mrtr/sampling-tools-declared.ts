/**
 * Servers MUST NOT send tool-enabled sampling (`tools` or `toolChoice` in sampling/createMessage)
 * to a client that did not declare `sampling.tools` (client/sampling#tools-in-sampling). mcpvet's
 * probes declare `sampling: {}` without tools, so every InputRequiredResult of the run is judged
 * against its own request's declaration, after a probe of its own.
 */
import { defineCheck, pass, incomplete, notJudged } from '../../define.js';
import { findInputRequired } from '../../probes/mrtr/input-required.js';
import { declaresSamplingTools, inputRequestsWithDeclared, samplesWithTools } from '../../probes/mrtr/declared-scan.js';
import { traceProblems, inputRequiredResponses } from '../../probes/mrtr/trace-scan.js';

export default defineCheck({
  id: 'mrtr.sampling-tools-declared',
  title: 'No tool-enabled sampling unless the request declared sampling.tools',
  suite: 'mrtr',
  requirements: ['MRTR-13'],
  eras: ['modern'],
  spec: 'client/sampling#tools-in-sampling',
  final: true,
  async run(ctx) {
    const probe = await findInputRequired(ctx);
    const results = inputRequiredResponses(ctx.traces());
    if (results.length === 0) return 'skip' in probe ? notJudged(probe) : incomplete('no-input-required', 'no input_required answer was seen');
    const sampling = inputRequestsWithDeclared(ctx.traces()).filter((entry) => entry.request.method === 'sampling/createMessage');
    const problems = sampling
      .filter((entry) => samplesWithTools(entry.request) && !declaresSamplingTools(entry.declared))
      .map((entry) => ({
        frame: entry.frame,
        text: `inputRequests["${entry.key}"] asks for sampling with tools, but the request declared sampling ${JSON.stringify(entry.declared.sampling ?? null)} without "tools"`,
      }));
    if (problems.length > 0) return traceProblems('undeclared-sampling-tools', problems);
    return pass(
      `${results.length} InputRequiredResult(s) (${sampling.length} sampling request(s)): none offers tools to a client that did not declare sampling.tools`,
    );
  },
});
