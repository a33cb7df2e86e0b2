/** prompts/get without a required argument MUST answer -32602 (Invalid params). */
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { describeAnswer } from '../../probes/tools/answer.js';
import { sharedListing } from '../../probes/tools/list-pages.js';
import { requiredArguments } from '../../probes/prompts/prompt-arguments.js';

export default defineCheck({
  id: 'prompts.missing-argument-error',
  title: 'prompts/get without a required argument answers -32602',
  suite: 'prompts',
  requirements: ['PR-05'],
  requires: ['prompts'],
  spec: 'server/prompts#error-handling',
  async run(ctx) {
    const listing = await sharedListing(ctx.client, 'prompts/list');
    const prompt = listing.items.find(
      (item): item is Record<string, unknown> => isObject(item) && typeof item.name === 'string' && requiredArguments(item).length > 0,
    );
    if (!prompt) return skip('no listed prompt declares a required argument');
    const name = prompt.name as string;
    const missing = requiredArguments(prompt);
    const outcome = await ctx.client.getPrompt(name, {});
    if (outcome.error?.code === ErrorCode.InvalidParams)
      return pass(`prompts/get "${name}" without its required argument(s) ${missing.join(', ')} answered -32602`);
    return violation(
      'not-invalid-params',
      `prompts/get "${name}" without its required argument(s) ${missing.join(', ')} answered ${describeAnswer(outcome)}; a missing required argument must give -32602 (Invalid params)`,
      [ctx.evidence(outcome.frames)],
    );
  },
});
