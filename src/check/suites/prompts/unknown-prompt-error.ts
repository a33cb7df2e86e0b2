/** prompts/get of a prompt the server does not have MUST answer -32602 (Invalid params). */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, violation } from '../../define.js';
import { describeAnswer } from '../../probes/tools/answer.js';

export const UNKNOWN_PROMPT = 'mcpvet-no-such-prompt-7f3a';

export default defineCheck({
  id: 'prompts.unknown-prompt-error',
  title: 'prompts/get of an unknown prompt answers -32602',
  suite: 'prompts',
  requirements: ['PR-04'],
  requires: ['prompts'],
  spec: 'server/prompts#error-handling',
  async run(ctx) {
    const outcome = await ctx.client.getPrompt(UNKNOWN_PROMPT);
    if (outcome.error?.code === ErrorCode.InvalidParams) return pass(`prompts/get "${UNKNOWN_PROMPT}" answered -32602`);
    return violation(
      'not-invalid-params',
      `prompts/get of a prompt that does not exist ("${UNKNOWN_PROMPT}") answered ${describeAnswer(outcome)}; an unknown prompt name must give -32602 (Invalid params)`,
      [ctx.evidence(outcome.frames)],
    );
  },
});
