/** A tool that declares an outputSchema MUST return structuredContent on a successful call. */
import { defineCheck, pass, skip, violation, incomplete } from '../../define.js';
import { callEvidence, nothingJudged, outputCalls } from '../../probes/tools/output-calls.js';

export default defineCheck({
  id: 'tools.structured-content-present',
  title: 'Tools with an outputSchema return structuredContent',
  suite: 'tools',
  requirements: ['TOOL-08'],
  requires: ['tools'],
  spec: 'server/tools#output-schema',
  async run(ctx) {
    const run = await outputCalls(ctx);
    if (!run.calls) return skip(run.none);
    const judged = run.calls.filter((call) => call.result);
    if (judged.length === 0) return incomplete('no-callable-tool', nothingJudged(run.calls));
    const missing = judged.filter((call) => call.result && !('structuredContent' in call.result));
    if (missing.length > 0) {
      return violation(
        'missing-structured-content',
        `${missing.map((call) => `"${call.name}"`).join(', ')} declare(s) an outputSchema but a successful call returned no structuredContent`,
        missing.map((call) => callEvidence(ctx, call)),
      );
    }
    return pass(`${judged.map((call) => `"${call.name}"`).join(', ')} returned structuredContent`);
  },
});
