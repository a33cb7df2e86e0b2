/** 2026-07-28: prompts/list pages MUST carry ttlMs (integer >= 0) and cacheScope (public|private). */
import { defineCheck, pass, skip, violation } from '../../define.js';
import { summarize } from '../../probes/tools/answer.js';
import { cacheHintProblems } from '../../probes/tools/cache-hints.js';
import { sharedListing, listingFrames } from '../../probes/tools/list-pages.js';

export default defineCheck({
  id: 'prompts.list-cache-hints',
  title: 'prompts/list results carry ttlMs and cacheScope',
  suite: 'prompts',
  requirements: ['CACHE-01', 'CACHE-02', 'CACHE-03'],
  eras: ['modern'],
  requires: ['prompts'],
  spec: 'server/utilities/caching',
  async run(ctx) {
    const listing = await sharedListing(ctx.client, 'prompts/list');
    if (listing.pages.length === 0) return skip(`prompts/list could not be read: ${listing.problem?.message ?? 'no result'}`);
    const problems = listing.pages.flatMap((page, index) =>
      cacheHintProblems(page.result).map((problem) => (listing.pages.length > 1 ? `page ${index + 1}: ${problem}` : problem)),
    );
    if (problems.length > 0)
      return violation(
        'missing-cache-hints',
        `prompts/list results must carry ttlMs (an integer >= 0) and cacheScope ("public" or "private"): ${summarize(problems)}`,
        [ctx.evidence(listingFrames(listing))],
      );
    return pass(`${listing.pages.length} prompts/list page(s) carry ttlMs and cacheScope`);
  },
});
