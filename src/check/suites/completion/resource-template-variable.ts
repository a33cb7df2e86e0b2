/** completion/complete for a variable of a listed resource template answers {completion: {values: string[] <= 100, ...}}. */
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, skip } from '../../define.js';
import { sharedListing } from '../../probes/tools/list-pages.js';
import { templateVariables } from '../../probes/completion/completion-shape.js';
import { judgeCompletion } from '../../probes/completion/judge-completion.js';

export default defineCheck({
  id: 'completion.resource-template-variable',
  title: 'completion/complete for a resource template variable answers values (strings, at most 100)',
  suite: 'completion',
  requirements: ['CMP-01'],
  requires: ['completions'],
  spec: 'server/utilities/completion',
  async run(ctx) {
    if (!('resources' in ctx.client.serverCapabilities)) return skip('the server declares no resources, so there is no template variable to complete');
    const listing = await sharedListing(ctx.client, 'resources/templates/list');
    if (listing.pages.length === 0 && listing.problem?.outcome?.error?.code === ErrorCode.MethodNotFound)
      return skip('the server offers no resource templates (resources/templates/list answers -32601)');
    const template = listing.items.find(
      (item): item is Record<string, unknown> => isObject(item) && typeof item.uriTemplate === 'string' && templateVariables(item.uriTemplate).length > 0,
    );
    if (!template) return skip('no listed resource template has a variable to complete');
    const uriTemplate = template.uriTemplate as string;
    const variable = templateVariables(uriTemplate)[0]!;
    const outcome = await ctx.client.complete({ ref: { type: 'ref/resource', uri: uriTemplate }, argument: { name: variable, value: '' } });
    const what = `completion/complete for variable "${variable}" of template ${uriTemplate}`;
    return judgeCompletion(ctx, outcome, what, 'a variable of a listed template');
  },
});
