/**
 * CACHE-04 (2026-07-28): every page of one list request carries the same cacheScope. Shared by
 * the resources and prompts checks; tools.pagination-cache-scope judges tools/list the same way.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { violation } from '../../define.js';
import type { CheckContext, Finding } from '../../types.js';
import { sharedListing, listingFrames, type ListMethod } from '../tools/list-pages.js';

export type PageScopes = { kind: 'single' | 'not-served'; method: ListMethod } | { kind: 'same'; method: ListMethod; pages: number; scope: unknown } | Finding;

export async function pageScopes(ctx: CheckContext, method: ListMethod): Promise<PageScopes> {
  const listing = await sharedListing(ctx.client, method);
  // An unimplemented list has no pages to compare (the list-shape checks judge it).
  if (listing.pages.length === 0 && listing.problem?.outcome?.error?.code === ErrorCode.MethodNotFound) return { kind: 'not-served', method };
  if (listing.pages.length < 2) return { kind: 'single', method };
  const scopes = listing.pages.map((page) => page.result.cacheScope);
  if (new Set(scopes.map((scope) => JSON.stringify(scope))).size === 1) return { kind: 'same', method, pages: scopes.length, scope: scopes[0] };
  const listed = scopes.map((scope, index) => `page ${index + 1}: ${scope === undefined ? 'none' : JSON.stringify(scope)}`).join(', ');
  return violation(
    'scope-differs',
    `the pages of one ${method} differ in cacheScope (${listed}); all pages of a list must use the same scope`,
    [ctx.evidence(listingFrames(listing))],
    { method },
  );
}

/** The verdict over several lists: the violations, else a pass, else a skip when no list had two pages. */
export function judgePageScopes(results: PageScopes[]): { findings: Finding[]; compared: string[] } {
  const findings = results.filter((result): result is Finding => 'status' in result);
  const compared = results.flatMap((result) =>
    'kind' in result && result.kind === 'same' ? [`${result.method} (${result.pages} pages, cacheScope ${JSON.stringify(result.scope)})`] : [],
  );
  return { findings, compared };
}
