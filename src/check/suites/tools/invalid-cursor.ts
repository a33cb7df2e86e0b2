/** A cursor the server never issued SHOULD be refused with -32602 (not silently read as page one). */
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, violation } from '../../define.js';
import { describeAnswer } from '../../probes/tools/answer.js';

/** Opaque enough that no server issues it: fixed, so runs compare. */
export const INVALID_CURSOR = 'mcpvet-invalid-cursor-7f3a';

export default defineCheck({
  id: 'tools.invalid-cursor',
  title: 'tools/list with an invalid cursor answers -32602',
  suite: 'tools',
  requirements: ['PAG-01'],
  requires: ['tools'],
  spec: 'server/utilities/pagination#error-handling',
  async run(ctx) {
    const outcome = await ctx.client.request('tools/list', { cursor: INVALID_CURSOR });
    const evidence = [ctx.evidence(outcome.frames)];
    if (outcome.error?.code === ErrorCode.InvalidParams) return pass(`tools/list with cursor "${INVALID_CURSOR}" answered -32602`);
    const answered =
      isObject(outcome.result) && Array.isArray(outcome.result.tools) ? `a result with ${outcome.result.tools.length} tool(s)` : describeAnswer(outcome);
    return violation(
      'not-invalid-params',
      `tools/list with a cursor the server never issued ("${INVALID_CURSOR}") answered ${answered}; an invalid cursor should give -32602 (Invalid params)`,
      evidence,
    );
  },
});
