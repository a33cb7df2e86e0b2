/** 2026-07-28: every tools/list page MUST carry ttlMs (integer >= 0) and cacheScope (public|private). */
import { defineCheck, pass, skip, violation } from '../../define.js';
import { summarize } from '../../probes/tools/answer.js';
import { cacheHintProblems } from '../../probes/tools/cache-hints.js';
import { sharedListing, listingFrames } from '../../probes/tools/list-pages.js';

export default defineCheck({
  id: 'tools.list-cache-hints',
  title: 'tools/list results carry ttlMs and cacheScope',
  suite: 'tools',
  requirements: ['CACHE-01', 'CACHE-02', 'CACHE-03'],
  eras: ['modern'],
  requires: ['tools'],
  spec: 'server/utilities/caching',
  async run(ctx) {
    const listing = await sharedListing(ctx.client, 'tools/list');
    if (listing.pages.length === 0) return skip(`tools/list could not be read: ${listing.problem?.message ?? 'no result'}`);
    const problems = listing.pages.flatMap((page, index) =>
      cacheHintProblems(page.result).map((problem) => (listing.pages.length > 1 ? `page ${index + 1}: ${problem}` : problem)),
    );
    if (problems.length > 0)
      return violation(
        'missing-cache-hints',
        `tools/list results must carry ttlMs (an integer >= 0) and cacheScope ("public" or "private"): ${summarize(problems)}`,
        [ctx.evidence(listingFrames(listing))],
      );
    const first = listing.pages[0]?.result;
    return pass(`${listing.pages.length} page(s) carry cache hints${first ? ` (ttlMs ${String(first.ttlMs)}, cacheScope ${String(first.cacheScope)})` : ''}`);
  },
});
