/** Every resources/list page has a `resources` array of Resource objects (uri, name, typed optional fields). */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, violation } from '../../define.js';
import { summarize } from '../../probes/tools/answer.js';
import { issueText, itemLabel, partIssues } from '../../probes/tools/entity-shape.js';
import { sharedListing, listingFrames } from '../../probes/tools/list-pages.js';

export default defineCheck({
  id: 'resources.list-shape',
  title: 'resources/list returns Resource objects (uri, name, typed optional fields)',
  suite: 'resources',
  requirements: ['RES-01'],
  requires: ['resources'],
  spec: 'server/resources#listing-resources',
  async run(ctx) {
    const listing = await sharedListing(ctx.client, 'resources/list');
    const problems: string[] = listing.problem ? [listing.problem.message] : [];
    listing.pages.forEach((page, pageIndex) => {
      const where = listing.pages.length > 1 ? `page ${pageIndex + 1}: ` : '';
      if (!Array.isArray(page.result.resources)) return void problems.push(`${where}the result has no "resources" array`);
      page.items.forEach((resource, index) => {
        if (!isObject(resource)) return void problems.push(`${where}resource #${index} is not an object`);
        for (const issue of partIssues(ctx.era, 'Resource', resource))
          problems.push(`${where}resource ${itemLabel(resource, index, 'uri')}: ${issueText(issue)}`);
      });
    });
    if (problems.length > 0)
      return violation('malformed-list', `resources/list does not have the shape the spec requires: ${summarize(problems)}`, [
        ctx.evidence(listingFrames(listing)),
      ]);
    return pass(`${listing.items.length} resource(s) on ${listing.pages.length} page(s), each with a uri and a name`);
  },
});
