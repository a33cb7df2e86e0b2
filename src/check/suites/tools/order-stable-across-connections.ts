/** A fresh connection SHOULD see the tools in the same order as the first one. */
import { defineCheck, pass, skip, violation } from '../../define.js';
import { listPages, listingFrames } from './shared/list-pages.js';
import { namesOf, orderDifference } from './shared/name-order.js';

export default defineCheck({
  id: 'tools.order-stable-across-connections',
  title: 'tools/list order is the same on a new connection',
  suite: 'tools',
  level: 'SHOULD',
  eras: ['modern', 'legacy'],
  transports: ['stdio', 'http'],
  requires: ['tools'],
  spec: 'server/tools#listing-tools',
  async run(ctx) {
    const first = await listPages(ctx.client, 'tools/list');
    const other = await ctx.openClient();
    const second = await listPages(other, 'tools/list');
    const evidence = [ctx.evidence(listingFrames(first)), ctx.evidence(listingFrames(second), other)];
    const broken = first.problem ?? second.problem;
    if (broken) return skip(`cannot compare listings: ${broken.message}`);
    const difference = orderDifference(namesOf(first.items), namesOf(second.items));
    const how = ctx.transport === 'stdio' ? 'a second server process' : 'a second connection';
    if (difference) return violation(`${how} listed the tools in a different order: ${difference}`, evidence);
    return pass(`${how} listed the tools in the same order`);
  },
});
