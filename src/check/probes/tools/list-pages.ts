/**
 * Lists by hand, page by page, keeping every page's outcome: the checks judge the pages
 * themselves (shape, cursors, cache hints), which McpClient.listAll hides.
 * Shared by the tools, resources, prompts and completion suites.
 */
import type { JsonObject, McpClient, RpcOutcome } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { LIST_ITEMS_FIELD, type ListMethod } from '../../../protocol/lists.js';
import { withRequestSignal } from '../../../client/request-signal.js';
import { describeAnswer } from './answer.js';

export type { ListMethod };

export interface ListedPage {
  outcome: RpcOutcome;
  result: JsonObject;
  /** The page's items (empty when the field is not an array; the shape checks say so). */
  items: unknown[];
  cursorSent?: string;
}

export interface Listing {
  method: ListMethod;
  pages: ListedPage[];
  items: unknown[];
  /** Why listing stopped before the end: an error answer, no result, a cursor loop, too many pages. */
  problem?: { message: string; outcome?: RpcOutcome };
}

const MAX_PAGES = 200;

export async function listPages(client: McpClient, method: ListMethod): Promise<Listing> {
  const field = LIST_ITEMS_FIELD[method];
  const listing: Listing = { method, pages: [], items: [] };
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let index = 0; index < MAX_PAGES; index++) {
    const outcome = await client.request(method, cursor === undefined ? {} : { cursor });
    const where = cursor === undefined ? `${method}` : `${method} with cursor ${JSON.stringify(cursor)}`;
    if (!isObject(outcome.result)) {
      listing.problem = { message: `${where} answered ${describeAnswer(outcome)}`, outcome };
      return listing;
    }
    const items = Array.isArray(outcome.result[field]) ? (outcome.result[field] as unknown[]) : [];
    listing.pages.push({ outcome, result: outcome.result, items, cursorSent: cursor });
    for (const item of items) listing.items.push(item);
    const next = outcome.result.nextCursor;
    // A missing nextCursor ends the list; an empty string is a valid cursor (DIGEST §5).
    if (next === undefined) return listing;
    if (typeof next !== 'string') {
      listing.problem = { message: `${where} returned a nextCursor that is not a string (${JSON.stringify(next)})`, outcome };
      return listing;
    }
    if (seenCursors.has(next)) {
      listing.problem = { message: `${where} returned nextCursor ${JSON.stringify(next)} a second time: following it would loop forever`, outcome };
      return listing;
    }
    seenCursors.add(next);
    cursor = next;
  }
  listing.problem = { message: `${method} still had a nextCursor after ${MAX_PAGES} pages` };
  return listing;
}

/** Frames from the first to the last page, for evidence. */
export function listingFrames(listing: Listing): { from: number; to: number } {
  const outcomes = listing.pages.map((page) => page.outcome);
  if (listing.problem?.outcome) outcomes.push(listing.problem.outcome);
  if (outcomes.length === 0) return { from: 0, to: -1 };
  return { from: Math.min(...outcomes.map((o) => o.frames.from)), to: Math.max(...outcomes.map((o) => o.frames.to)) };
}

/**
 * One listing of each list method per run on the run's connection, shared by the checks that
 * only read it: each listing 10,000 tools again held another copy of the text while it was read.
 */
const shared = new WeakMap<McpClient, Map<ListMethod, Promise<Listing>>>();
export function sharedListing(client: McpClient, method: ListMethod): Promise<Listing> {
  let byMethod = shared.get(client);
  if (!byMethod) shared.set(client, (byMethod = new Map()));
  let listing = byMethod.get(method);
  if (!listing) {
    // Shared by several checks: no one check's signal may cancel it.
    listing = withRequestSignal(undefined, () => listPages(client, method));
    byMethod.set(method, listing);
  }
  return listing;
}
