/** tools/list on the shared connection and on a new one (a second process over stdio), for comparing them. */
import type { CheckContext, Evidence } from '../../types.js';
import { listPages, listingFrames, type Listing } from './list-pages.js';

export type TwoListings = { first: Listing; second: Listing; evidence: Evidence[]; how: string } | { unusable: string };

export async function listOnTwoConnections(ctx: CheckContext): Promise<TwoListings> {
  const first = await listPages(ctx.client, 'tools/list');
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
