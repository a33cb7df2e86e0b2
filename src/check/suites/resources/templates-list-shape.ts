/** Every resources/templates/list page has a `resourceTemplates` array of ResourceTemplate objects (uriTemplate, name). */
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { summarize } from '../../probes/tools/answer.js';
import { issueText, itemLabel, partIssues } from '../../probes/tools/entity-shape.js';
import { sharedListing, listingFrames } from '../../probes/tools/list-pages.js';

export default defineCheck({
  id: 'resources.templates-list-shape',
  title: 'resources/templates/list returns ResourceTemplate objects (uriTemplate, name)',
  suite: 'resources',
  requirements: ['RES-02'],
  requires: ['resources'],
  spec: 'server/resources#resource-templates',
  async run(ctx) {
    const listing = await sharedListing(ctx.client, 'resources/templates/list');
    // Templates are optional within the resources feature (the SDKs answer -32601 when a server
    // registers none); whether declared capabilities are implemented is the protocol suite's call.
    if (listing.pages.length === 0 && listing.problem?.outcome?.error?.code === ErrorCode.MethodNotFound) {
      return skip('the server does not implement resources/templates/list (-32601): it offers no resource templates');
    }
    const problems: string[] = listing.problem ? [listing.problem.message] : [];
    listing.pages.forEach((page, pageIndex) => {
      const where = listing.pages.length > 1 ? `page ${pageIndex + 1}: ` : '';
      if (!Array.isArray(page.result.resourceTemplates)) return void problems.push(`${where}the result has no "resourceTemplates" array`);
      page.items.forEach((template, index) => {
        if (!isObject(template)) return void problems.push(`${where}template #${index} is not an object`);
        for (const issue of partIssues(ctx.era, 'ResourceTemplate', template))
          problems.push(`${where}template ${itemLabel(template, index, 'uriTemplate')}: ${issueText(issue)}`);
      });
    });
    if (problems.length > 0)
      return violation('malformed-list', `resources/templates/list does not have the shape the spec requires: ${summarize(problems)}`, [
        ctx.evidence(listingFrames(listing)),
      ]);
    return pass(`${listing.items.length} resource template(s), each with a uriTemplate and a name`);
  },
});
