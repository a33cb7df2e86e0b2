/**
 * Following nextCursor by hand ends, without a cursor loop or an error, and no tool appears on
 * two pages (a client that concatenates pages would list it twice).
 */
import { defineCheck, pass, violation } from '../../define.js';
import { sharedListing, listingFrames } from '../../probes/tools/list-pages.js';
import { namesOf } from '../../probes/tools/name-order.js';

export default defineCheck({
  id: 'tools.pagination-consistent',
  title: 'tools/list pagination ends and never repeats a tool across pages',
  suite: 'tools',
  requirements: ['PAG-02'],
  requires: ['tools'],
  spec: 'server/utilities/pagination',
  async run(ctx) {
    const listing = await sharedListing(ctx.client, 'tools/list');
    const evidence = [ctx.evidence(listingFrames(listing))];
    if (listing.problem) return violation('cursor-broken', `following nextCursor did not reach the end of the list: ${listing.problem.message}`, evidence);
    const pageOf = new Map<string, number>();
    const repeated: string[] = [];
    listing.pages.forEach((page, index) => {
      for (const name of new Set(namesOf(page.items))) {
        const earlier = pageOf.get(name);
        if (earlier !== undefined) repeated.push(`"${name}" on pages ${earlier + 1} and ${index + 1}`);
        else pageOf.set(name, index);
      }
    });
    if (repeated.length > 0) return violation('pages-overlap', `tools/list pages overlap: ${repeated.join(', ')}`, evidence);
    const pages = listing.pages.length;
    return pass(
      pages === 1
        ? `one page of ${listing.items.length} tool(s), no nextCursor`
        : `${pages} pages, ${listing.items.length} tools, none repeated, ending without nextCursor`,
    );
  },
});
