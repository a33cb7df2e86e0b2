/** 2026-07-28: all pages of one list request MUST use the same cacheScope (SEP-2549). */
import { defineCheck, pass, skip, violation } from '../../define.js';
import { sharedListing, listingFrames } from '../../probes/tools/list-pages.js';

export default defineCheck({
  id: 'tools.pagination-cache-scope',
  title: 'All tools/list pages use the same cacheScope',
  suite: 'tools',
  requirements: ['CACHE-04'],
  eras: ['modern'],
  requires: ['tools'],
  spec: 'server/utilities/caching',
  async run(ctx) {
    const listing = await sharedListing(ctx.client, 'tools/list');
    if (listing.pages.length < 2) return skip('tools/list fits on one page; there is no second page to compare');
    const scopes = listing.pages.map((page) => page.result.cacheScope);
    if (new Set(scopes.map((scope) => JSON.stringify(scope))).size > 1) {
      const listed = scopes.map((scope, index) => `page ${index + 1}: ${scope === undefined ? 'none' : JSON.stringify(scope)}`).join(', ');
      return violation('scope-differs', `the pages of one tools/list differ in cacheScope (${listed}); all pages of a list must use the same scope`, [
        ctx.evidence(listingFrames(listing)),
      ]);
    }
    return pass(`all ${listing.pages.length} pages use cacheScope ${JSON.stringify(scopes[0])}`);
  },
});
