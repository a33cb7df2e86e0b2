/** completion/complete for an argument of a listed prompt answers {completion: {values: string[] <= 100, total?, hasMore?}}. */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, skip } from '../../define.js';
import { sharedListing } from '../../probes/tools/list-pages.js';
import { judgeCompletion } from '../../probes/completion/judge-completion.js';

export default defineCheck({
  id: 'completion.prompt-argument',
  title: 'completion/complete for a prompt argument answers values (strings, at most 100)',
  suite: 'completion',
  requirements: ['CMP-01'],
  requires: ['completions'],
  spec: 'server/utilities/completion',
  async run(ctx) {
    if (!('prompts' in ctx.client.serverCapabilities)) return skip('the server declares no prompts, so there is no prompt argument to complete');
    const listing = await sharedListing(ctx.client, 'prompts/list');
    const prompt = listing.items.find(
      (item): item is Record<string, unknown> =>
        isObject(item) &&
        typeof item.name === 'string' &&
        Array.isArray(item.arguments) &&
        item.arguments.some((a) => isObject(a) && typeof a.name === 'string'),
    );
    if (!prompt) return skip('no listed prompt declares an argument to complete');
    const argument = (prompt.arguments as Record<string, unknown>[]).find((a) => isObject(a) && typeof a.name === 'string')!.name as string;
    const outcome = await ctx.client.complete({ ref: { type: 'ref/prompt', name: prompt.name }, argument: { name: argument, value: '' } });
    const what = `completion/complete for argument "${argument}" of prompt "${String(prompt.name)}"`;
    return judgeCompletion(ctx, outcome, what, 'a declared argument');
  },
});
