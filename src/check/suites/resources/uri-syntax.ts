/**
 * Resource URIs, custom schemes included, MUST follow RFC 3986. Every URI resources/list gives and
 * every template of resources/templates/list (expanded with sample values) is judged: a space,
 * a non-ASCII character or a bad %-escape makes a string that clients cannot parse as a URI.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { summarize } from '../../probes/tools/answer.js';
import { sharedListing, listingFrames } from '../../probes/tools/list-pages.js';
import { templateProblem, uriProblem } from '../../probes/resources/uri-syntax.js';

export default defineCheck({
  id: 'resources.uri-syntax',
  title: 'Listed resource URIs and URI templates follow RFC 3986',
  suite: 'resources',
  requirements: ['RES-08'],
  requires: ['resources'],
  spec: 'server/resources#common-uri-schemes',
  async run(ctx) {
    const resources = await sharedListing(ctx.client, 'resources/list');
    const templates = await sharedListing(ctx.client, 'resources/templates/list');
    const uris = strings(resources.items, 'uri');
    const uriTemplates = strings(templates.items, 'uriTemplate');
    if (uris.length + uriTemplates.length === 0) return skip('the server lists no resource and no resource template');
    const problems: string[] = [];
    for (const uri of uris) {
      const problem = uriProblem(uri);
      if (problem) problems.push(`${JSON.stringify(uri)}: ${problem}`);
    }
    for (const template of uriTemplates) {
      const problem = templateProblem(template);
      if (problem) problems.push(`template ${JSON.stringify(template)}: ${problem}`);
    }
    if (problems.length > 0) {
      return violation(
        'not-rfc3986',
        `listed URIs that are not RFC 3986 URIs: ${summarize(problems)}`,
        [resources, templates].filter((listing) => listing.pages.length > 0).map((listing) => ctx.evidence(listingFrames(listing))),
      );
    }
    return pass(`${uris.length} resource URI(s) and ${uriTemplates.length} URI template(s), all RFC 3986 URIs`);
  },
});

function strings(items: unknown[], field: string): string[] {
  return items.map((item) => (isObject(item) ? item[field] : undefined)).filter((value): value is string => typeof value === 'string');
}
