/**
 * tools/list on the shared connection and on a new one (a second process over stdio), for
 * comparing them. Taken once per run: the set and order checks judge the same two listings, so
 * they share one fresh connection instead of starting a server process each.
 */
import { withRequestSignal } from '../../../client/request-signal.js';
import type { McpClient } from '../../../client/types.js';
import type { CheckContext, Evidence } from '../../types.js';
import { listPages, listingFrames, sharedListing, type Listing } from './list-pages.js';

export type TwoListings = { first: Listing; second: Listing; evidence: Evidence[]; how: string } | { unusable: string };

const taken = new WeakMap<McpClient, Promise<TwoListings>>();

export function listOnTwoConnections(ctx: CheckContext): Promise<TwoListings> {
  let listings = taken.get(ctx.client);
  if (!listings) {
    // Shared by two checks: neither one's signal may cancel it.
    listings = withRequestSignal(undefined, () => listBoth(ctx));
    taken.set(ctx.client, listings);
  }
  return listings;
}

async function listBoth(ctx: CheckContext): Promise<TwoListings> {
  const first = await sharedListing(ctx.client, 'tools/list');
  const other = await ctx.openClient();
  const second = await listPages(other, 'tools/list');
  const broken = first.problem ?? second.problem;
  if (broken) return { unusable: `cannot compare listings: ${broken.message}` };
  return {
    first,
    second,
    evidence: [ctx.evidence(listingFrames(first)), ctx.evidence(listingFrames(second), other)],
    how: ctx.transport === 'stdio' ? 'a second server process' : 'a second connection',
  };
}
