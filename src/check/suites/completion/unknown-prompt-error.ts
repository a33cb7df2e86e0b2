/** completion/complete with a ref to a prompt that does not exist MUST answer -32602 (invalid name). */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, violation } from '../../define.js';
import { describeAnswer } from '../../probes/tools/answer.js';
import { UNKNOWN_PROMPT } from '../prompts/unknown-prompt-error.js';

export default defineCheck({
  id: 'completion.unknown-prompt-error',
  title: 'completion/complete for an unknown prompt answers -32602',
  suite: 'completion',
  requirements: ['CMP-02'],
  requires: ['completions'],
  spec: 'server/utilities/completion#error-handling',
  async run(ctx) {
    const outcome = await ctx.client.complete({ ref: { type: 'ref/prompt', name: UNKNOWN_PROMPT }, argument: { name: 'value', value: '' } });
    if (outcome.error?.code === ErrorCode.InvalidParams) return pass(`completion/complete for prompt "${UNKNOWN_PROMPT}" answered -32602`);
    return violation(
      'not-invalid-params',
      `completion/complete for a prompt that does not exist ("${UNKNOWN_PROMPT}") answered ${describeAnswer(outcome)}; an invalid prompt name must give -32602 (Invalid params)`,
      [ctx.evidence(outcome.frames)],
    );
  },
});
