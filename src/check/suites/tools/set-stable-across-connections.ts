/**
 * The tool set MUST NOT vary per connection (it MAY vary with authorization, which is the same
 * here: both connections use the same target and headers).
 */
import { defineCheck, pass, skip, violation } from '../../define.js';
import { listOnTwoConnections } from '../../probes/tools/two-listings.js';
import { namesOf, setDifference } from '../../probes/tools/name-order.js';

export default defineCheck({
  id: 'tools.set-stable-across-connections',
  title: 'A new connection sees the same set of tools',
  suite: 'tools',
  requirements: ['TOOL-04', 'ADV-02'],
  requires: ['tools'],
  spec: 'server/tools#listing-tools',
  freshProcesses: 1,
  async run(ctx) {
    const listings = await listOnTwoConnections(ctx);
    if ('unusable' in listings) return skip(listings.unusable);
    const { first, second, evidence, how } = listings;
    const { onlyFirst, onlySecond } = setDifference(namesOf(first.items), namesOf(second.items));
    if (onlyFirst.length + onlySecond.length > 0) {
      const parts = [
        onlyFirst.length ? `missing on the second: ${onlyFirst.join(', ')}` : '',
        onlySecond.length ? `only on the second: ${onlySecond.join(', ')}` : '',
      ].filter(Boolean);
      return violation(
        'set-differs',
        `${how} with the same credentials listed a different set of tools (${parts.join('; ')}); the tool set must not vary per connection`,
        evidence,
      );
    }
    return pass(`${how} listed the same ${namesOf(first.items).length} tools`);
  },
});
