/**
 * completion/complete without its required `argument` SHOULD answer -32602 (server/utilities/
 * completion#error-handling: "Missing required arguments"). The ref is a real one, the server's
 * first listed prompt (or resource template), so only the missing argument is wrong.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import type { CheckContext } from '../../types.js';
import { describeAnswer } from '../../probes/tools/answer.js';

export default defineCheck({
  id: 'completion.missing-argument-error',
  title: 'completion/complete without an argument answers -32602',
  suite: 'completion',
  requirements: ['CMP-03'],
  requires: ['completions'],
  spec: 'server/utilities/completion#error-handling',
  async run(ctx) {
    const ref = await realRef(ctx);
    if (!ref) return skip('the server lists no prompt and no resource template to complete for');
    const outcome = await ctx.client.complete({ ref });
    if (outcome.error?.code === ErrorCode.InvalidParams) return pass(`completion/complete for ${JSON.stringify(ref)} without an argument answered -32602`);
    return violation(
      'not-invalid-params',
      `completion/complete for ${JSON.stringify(ref)} without the required argument answered ${describeAnswer(outcome)}, not -32602 (Invalid params)`,
      [ctx.evidence(outcome.frames)],
      { method: 'completion/complete' },
    );
  },
});

async function realRef(ctx: CheckContext): Promise<Record<string, unknown> | undefined> {
  const capabilities = ctx.client.serverCapabilities;
  if ('prompts' in capabilities) {
    const prompt = (await ctx.client.listAll('prompts/list').catch(() => [])).find((item) => typeof item.name === 'string');
    if (prompt) return { type: 'ref/prompt', name: prompt.name };
  }
  if ('resources' in capabilities) {
    const template = (await ctx.client.listAll('resources/templates/list').catch(() => [])).find((item) => typeof item.uriTemplate === 'string');
    if (template) return { type: 'ref/resource', uri: template.uriTemplate };
  }
  return undefined;
}
