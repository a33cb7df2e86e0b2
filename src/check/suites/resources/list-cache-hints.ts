/** 2026-07-28: resources/list and resources/templates/list pages MUST carry ttlMs and cacheScope. */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, violation } from '../../define.js';
import type { Evidence } from '../../types.js';
import { summarize } from '../../probes/tools/answer.js';
import { cacheHintProblems } from '../../probes/tools/cache-hints.js';
import { sharedListing, listingFrames, type ListMethod } from '../../probes/tools/list-pages.js';

export default defineCheck({
  id: 'resources.list-cache-hints',
  title: 'resources/list and resources/templates/list results carry ttlMs and cacheScope',
  suite: 'resources',
  requirements: ['CACHE-01', 'CACHE-02', 'CACHE-03'],
  eras: ['modern'],
  requires: ['resources'],
  spec: 'server/utilities/caching',
  async run(ctx) {
    const problems: string[] = [];
    const evidence: Evidence[] = [];
    const judged: string[] = [];
    for (const method of ['resources/list', 'resources/templates/list'] as ListMethod[]) {
      const listing = await sharedListing(ctx.client, method);
      // An unimplemented templates/list has nothing to cache (see resources.templates-list-shape).
      if (listing.pages.length === 0 && listing.problem?.outcome?.error?.code === ErrorCode.MethodNotFound) continue;
      judged.push(method);
      const found = listing.pages.flatMap((page, index) =>
        cacheHintProblems(page.result).map((problem) => `${method}${listing.pages.length > 1 ? ` page ${index + 1}` : ''}: ${problem}`),
      );
      if (found.length > 0) {
        for (const item of found) problems.push(item);
        evidence.push(ctx.evidence(listingFrames(listing)));
      }
    }
    if (problems.length > 0)
      return violation(
        'missing-cache-hints',
        `list results must carry ttlMs (an integer >= 0) and cacheScope ("public" or "private"): ${summarize(problems)}`,
        evidence,
      );
    return pass(`${judged.join(' and ')} results carry ttlMs and cacheScope`);
  },
});
