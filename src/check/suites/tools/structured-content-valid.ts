/** structuredContent MUST conform to the tool's outputSchema. */
import { compileSchema, schemaProblems, unenforcedPatterns } from '../../../protocol/json-schema.js';
import { defineCheck, pass, skip, violation, incomplete } from '../../define.js';
import { summarize } from '../../probes/tools/answer.js';
import { callEvidence, nothingJudged, outputCalls } from '../../probes/tools/output-calls.js';

export default defineCheck({
  id: 'tools.structured-content-valid',
  title: 'structuredContent is valid against the outputSchema',
  suite: 'tools',
  requirements: ['TOOL-08'],
  requires: ['tools'],
  spec: 'server/tools#output-schema',
  async run(ctx) {
    const run = await outputCalls(ctx);
    if (!run.calls) return skip(run.none);
    // A missing structuredContent is tools.structured-content-present's finding; a schema that
    // does not compile is tools.output-schema-compiles'.
    const judged = run.calls.filter((call) => call.result && 'structuredContent' in call.result && compileSchema(call.outputSchema).ok);
    if (judged.length === 0)
      return incomplete(
        run.calls.some((call) => call.result) ? 'nothing-to-judge' : 'no-callable-tool',
        run.calls.some((call) => call.result) ? 'no successful call returned structuredContent against a schema that compiles' : nothingJudged(run.calls),
      );
    const invalid = judged
      .map((call) => ({ call, problems: schemaProblems(call.outputSchema, call.result!.structuredContent) }))
      .filter((entry) => entry.problems.length > 0);
    // A pattern RE2 cannot run is not enforced: the verdict says so rather than hiding it.
    const unchecked = [...new Set(judged.flatMap((call) => unenforcedPatterns(call.outputSchema).map((note) => `"${call.name}": ${note}`)))];
    const caveat = unchecked.length > 0 ? ` (${summarize(unchecked, 3)})` : '';
    if (invalid.length > 0) {
      return violation(
        'does-not-match-schema',
        `structuredContent does not match the outputSchema: ${invalid.map(({ call, problems }) => `"${call.name}": ${summarize(problems, 3)}`).join('; ')}${caveat}`,
        invalid.map(({ call }) => callEvidence(ctx, call)),
      );
    }
    return pass(`structuredContent of ${judged.map((call) => `"${call.name}"`).join(', ')} matches the outputSchema${caveat}`);
  },
});
