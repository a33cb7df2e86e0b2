/**
 * A full garbage collection when a check ends and at least COLLECT_AFTER_BYTES were received since
 * the last one. Each listing of a large server is parsed, walked and dropped within a check, but
 * V8 collects its old generation only once it has about doubled: with 10,000 tools (a 2.8 MB
 * list, ~28 listings a run) the run peaked 50 MB over the same run listing 10 tools, mostly
 * garbage. A run that receives little (any ordinary server) never collects, and V8's gc function
 * is looked up only the first time a collection is due.
 *
 * Once a run has received COLLECT_AFTER_BYTES in all, a check also collects when the heap grew by
 * COLLECT_AFTER_GROWTH since the last collection (this one's or the wire layer's): the walks over a large list (lint,
 * poisoning scans, schema checks) promote their temporaries, and at the peak of a check of 10,000
 * tools 12 of the heap's 37 MB were such garbage. That run peaks 5 MB lower for 6 % more time; a
 * run against an ordinary server never gets there.
 */
import { type Collect, gcFunction } from '../wire/gc-function.js';
import { collectIfReceivedSince, collectNow, heapGrownSinceCollection, receivedSoFar } from '../wire/received.js';

/** Received bytes that make a full collection (tens of ms on a 30 MB heap) worth it. */
export const COLLECT_AFTER_BYTES = 8 * 1024 * 1024;
/** Heap growth since the last collection that makes one due, in a run that received COLLECT_AFTER_BYTES. */
export const COLLECT_AFTER_GROWTH = 2 * 1024 * 1024;

/** After a check: collects when enough arrived, or the heap of a large run grew enough, since the last collection. Returns whether it collected. */
export function collectAfterCheck(collector: () => Collect | null = gcFunction, heapUsed?: () => number): boolean {
  if (collectIfReceivedSince(COLLECT_AFTER_BYTES, collector, heapUsed)) return true;
  if (receivedSoFar() < COLLECT_AFTER_BYTES || heapGrownSinceCollection(heapUsed) < COLLECT_AFTER_GROWTH) return false;
  return collectNow(collector, heapUsed);
}
