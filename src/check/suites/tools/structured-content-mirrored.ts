/**
 * For clients without structured output, a tool returning structuredContent SHOULD also return
 * it serialised in a text block. Judged leniently: some text block must parse to the same JSON.
 */
import { isDeepStrictEqual } from 'node:util';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation, incomplete } from '../../define.js';
import { callEvidence, nothingJudged, outputCalls } from '../../probes/tools/output-calls.js';
import { parseJson } from '../../../wire/json-depth.js';

export default defineCheck({
  id: 'tools.structured-content-mirrored',
  title: 'structuredContent is mirrored as JSON in a text block',
  suite: 'tools',
  requirements: ['TOOL-09'],
  requires: ['tools'],
  spec: 'server/tools#structured-content',
  async run(ctx) {
    const run = await outputCalls(ctx);
    if (!run.calls) return skip(run.none);
    const judged = run.calls.filter((call) => call.result && 'structuredContent' in call.result);
    if (judged.length === 0)
      return incomplete(
        run.calls.some((call) => call.result) ? 'nothing-to-judge' : 'no-callable-tool',
        run.calls.some((call) => call.result) ? 'no successful call returned structuredContent' : nothingJudged(run.calls),
      );
    const unmirrored = judged.filter((call) => !mirrors(call.result!.content, call.result!.structuredContent));
    if (unmirrored.length > 0) {
      return violation(
        'not-mirrored',
        `${unmirrored.map((call) => `"${call.name}"`).join(', ')} returned structuredContent without a text block holding the same JSON; clients without structured output see only content`,
        unmirrored.map((call) => callEvidence(ctx, call)),
      );
    }
    return pass(`${judged.map((call) => `"${call.name}"`).join(', ')} mirror structuredContent as JSON text`);
  },
});

function mirrors(content: unknown, structured: unknown): boolean {
  if (!Array.isArray(content)) return false;
  return content.some((block) => {
    if (!isObject(block) || block.type !== 'text' || typeof block.text !== 'string') return false;
    try {
      return isDeepStrictEqual(parseJson(block.text), structured);
    } catch {
      return false;
    }
  });
}
