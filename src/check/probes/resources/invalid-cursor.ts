/**
 * A list request with a cursor the server never issued (PAG-01: SHOULD answer -32602). Shared by
 * the resources and prompts checks; tools.invalid-cursor judges tools/list the same way.
 */
import type { CheckContext, Finding } from '../../types.js';
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { LIST_ITEMS_FIELD, type ListMethod } from '../../../protocol/lists.js';
import { violation } from '../../define.js';
import { describeAnswer } from '../tools/answer.js';
import { INVALID_CURSOR } from '../../suites/tools/invalid-cursor.js';

/** Undefined when the answer is -32602; otherwise the warning, located at the method. */
export async function invalidCursorFinding(ctx: CheckContext, method: ListMethod): Promise<Finding | undefined> {
  const outcome = await ctx.client.request(method, { cursor: INVALID_CURSOR });
  if (outcome.error?.code === ErrorCode.InvalidParams) return undefined;
  const items = isObject(outcome.result) ? outcome.result[LIST_ITEMS_FIELD[method]] : undefined;
  const answered = Array.isArray(items) ? `a result with ${items.length} item(s)` : describeAnswer(outcome);
  return violation(
    'not-invalid-params',
    `${method} with a cursor the server never issued ("${INVALID_CURSOR}") answered ${answered}; an invalid cursor should give -32602 (Invalid params)`,
    [ctx.evidence(outcome.frames)],
    { method },
  );
}
