/**
 * A full garbage collection when a check ends and at least COLLECT_AFTER_BYTES were received since
 * the last one. Each listing of a large server is parsed, walked and dropped within a check, but
 * V8 collects its old generation only once it has about doubled: with 10,000 tools (a 2.8 MB
 * list, ~28 listings a run) the run peaked 50 MB over the same run listing 10 tools, mostly
 * garbage. A run that receives little (any ordinary server) never collects, and V8's gc function
 * is looked up only the first time a collection is due.
 */
import type { Collect } from '../wire/gc-function.js';
import { collectIfReceivedSince } from '../wire/received.js';

/** Received bytes that make a full collection (tens of ms on a 30 MB heap) worth it. */
export const COLLECT_AFTER_BYTES = 8 * 1024 * 1024;

/** After a check: collects when enough arrived since the last collection. Returns whether it collected. */
export function collectIfMuchReceived(collector?: () => Collect | null): boolean {
  return collectIfReceivedSince(COLLECT_AFTER_BYTES, collector);
}
