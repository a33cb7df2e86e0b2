/** Every tools/list page has a `tools` array of Tool objects: name, inputSchema object, typed optional fields. */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, violation } from '../../define.js';
import { summarize } from '../../probes/tools/answer.js';
import { issueText, itemLabel, partIssues } from '../../probes/tools/entity-shape.js';
import { sharedListing, listingFrames } from '../../probes/tools/list-pages.js';

export default defineCheck({
  id: 'tools.list-shape',
  title: 'tools/list returns Tool objects (name, inputSchema object, typed optional fields)',
  suite: 'tools',
  requirements: ['TOOL-01'],
  requires: ['tools'],
  spec: 'server/tools#listing-tools',
  async run(ctx) {
    const listing = await sharedListing(ctx.client, 'tools/list');
    const evidence = [ctx.evidence(listingFrames(listing))];
    const problems: string[] = [];
    if (listing.problem) problems.push(listing.problem.message);
    listing.pages.forEach((page, pageIndex) => {
      const where = listing.pages.length > 1 ? `page ${pageIndex + 1}: ` : '';
      if (!Array.isArray(page.result.tools)) {
        problems.push(`${where}the result has no "tools" array`);
        return;
      }
      page.items.forEach((tool, index) => {
        if (!isObject(tool)) return void problems.push(`${where}tool #${index} is not an object`);
        // inputSchema's root type is its own rule (tools.input-schema-object-root).
        const issues = partIssues(ctx.era, 'Tool', tool).filter((issue) => issue.path !== 'inputSchema.type');
        for (const issue of issues) problems.push(`${where}tool ${itemLabel(tool, index)}: ${issueText(issue)}`);
      });
    });
    if (problems.length > 0) return violation('malformed-list', `tools/list does not have the shape the spec requires: ${summarize(problems)}`, evidence);
    return pass(`${listing.items.length} tool(s) on ${listing.pages.length} page(s), each with a name, an inputSchema object and well-typed optional fields`);
  },
});
