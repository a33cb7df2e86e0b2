/**
 * The tool set MUST NOT vary per connection (it MAY vary with authorization, which is the same
 * here: both connections use the same target and headers).
 */
import { defineCheck, pass, skip, violation } from '../../define.js';
import { listPages, listingFrames } from './shared/list-pages.js';
import { namesOf, setDifference } from './shared/name-order.js';

export default defineCheck({
  id: 'tools.set-stable-across-connections',
  title: 'A new connection sees the same set of tools',
  suite: 'tools',
  level: 'MUST',
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
    const { onlyFirst, onlySecond } = setDifference(namesOf(first.items), namesOf(second.items));
    const how = ctx.transport === 'stdio' ? 'a second server process' : 'a second connection';
    if (onlyFirst.length + onlySecond.length > 0) {
      const parts = [onlyFirst.length ? `missing on the second: ${onlyFirst.join(', ')}` : '', onlySecond.length ? `only on the second: ${onlySecond.join(', ')}` : ''].filter(Boolean);
      return violation(`${how} with the same credentials listed a different set of tools (${parts.join('; ')}); the tool set must not vary per connection`, evidence);
    }
    return pass(`${how} listed the same ${namesOf(first.items).length} tools`);
  },
});
