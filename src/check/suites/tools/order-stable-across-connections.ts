/** A fresh connection SHOULD see the tools in the same order as the first one. */
import { defineCheck, pass, skip, violation } from '../../define.js';
import { listOnTwoConnections } from '../../probes/tools/two-listings.js';
import { namesOf, orderDifference } from '../../probes/tools/name-order.js';

export default defineCheck({
  id: 'tools.order-stable-across-connections',
  title: 'tools/list order is the same on a new connection',
  suite: 'tools',
  requirements: ['TOOL-05', 'ADV-02'],
  requires: ['tools'],
  spec: 'server/tools#listing-tools',
  freshProcesses: 1,
  async run(ctx) {
    const listings = await listOnTwoConnections(ctx);
    if ('unusable' in listings) return skip(listings.unusable);
    const { first, second, evidence, how } = listings;
    const difference = orderDifference(namesOf(first.items), namesOf(second.items));
    if (difference) return violation('order-differs', `${how} listed the tools in a different order: ${difference}`, evidence);
    return pass(`${how} listed the tools in the same order`);
  },
});
