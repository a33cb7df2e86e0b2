/** Listing tools twice on the same connection SHOULD give the same order (prompt-cache hits, caching). */
import { defineCheck, pass, skip, violation } from '../../define.js';
import { listPages, listingFrames } from '../../probes/tools/list-pages.js';
import { namesOf, orderDifference } from '../../probes/tools/name-order.js';

export default defineCheck({
  id: 'tools.order-stable',
  title: 'tools/list order is the same on repeated calls',
  suite: 'tools',
  requirements: ['TOOL-05', 'ADV-02'],
  requires: ['tools'],
  spec: 'server/tools#listing-tools',
  async run(ctx) {
    const first = await listPages(ctx.client, 'tools/list');
    const second = await listPages(ctx.client, 'tools/list');
    const evidence = [ctx.evidence(listingFrames(first)), ctx.evidence(listingFrames(second))];
    const broken = first.problem ?? second.problem;
    if (broken) return skip(`cannot compare listings: ${broken.message}`);
    const difference = orderDifference(namesOf(first.items), namesOf(second.items));
    if (difference)
      return violation('order-differs', `two tools/list calls on the same connection returned the tools in different orders: ${difference}`, evidence);
    return pass(`two tools/list calls returned the ${namesOf(first.items).length} tools in the same order`);
  },
});
