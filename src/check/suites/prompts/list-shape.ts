/** Every prompts/list page has a `prompts` array of Prompt objects (name, typed arguments and optional fields). */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, violation } from '../../define.js';
import { summarize } from '../../probes/tools/answer.js';
import { issueText, itemLabel, partIssues } from '../../probes/tools/entity-shape.js';
import { sharedListing, listingFrames } from '../../probes/tools/list-pages.js';

export default defineCheck({
  id: 'prompts.list-shape',
  title: 'prompts/list returns Prompt objects (name, typed arguments and optional fields)',
  suite: 'prompts',
  requirements: ['PR-01'],
  requires: ['prompts'],
  spec: 'server/prompts#listing-prompts',
  async run(ctx) {
    const listing = await sharedListing(ctx.client, 'prompts/list');
    const problems: string[] = listing.problem ? [listing.problem.message] : [];
    listing.pages.forEach((page, pageIndex) => {
      const where = listing.pages.length > 1 ? `page ${pageIndex + 1}: ` : '';
      if (!Array.isArray(page.result.prompts)) return void problems.push(`${where}the result has no "prompts" array`);
      page.items.forEach((prompt, index) => {
        if (!isObject(prompt)) return void problems.push(`${where}prompt #${index} is not an object`);
        for (const issue of partIssues(ctx.era, 'Prompt', prompt)) problems.push(`${where}prompt ${itemLabel(prompt, index)}: ${issueText(issue)}`);
      });
    });
    if (problems.length > 0)
      return violation('malformed-list', `prompts/list does not have the shape the spec requires: ${summarize(problems)}`, [
        ctx.evidence(listingFrames(listing)),
      ]);
    return pass(`${listing.items.length} prompt(s) on ${listing.pages.length} page(s), each with a name and well-typed arguments`);
  },
});
