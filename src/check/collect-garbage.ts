/**
 * A full garbage collection when a check ends and at least COLLECT_AFTER_BYTES were received since
 * the last one. Each listing of a large server is parsed, walked and dropped within a check, but
 * V8 collects its old generation only once it has about doubled: with 10,000 tools (a 2.8 MB
 * list, ~28 listings a run) the run peaked 50 MB over the same run listing 10 tools, mostly
 * garbage. A run that receives little (any ordinary server) never collects, and V8's gc function
 * is looked up only the first time a collection is due.
 */
import { type Collect, gcFunction } from '../wire/gc-function.js';
import { receivedBytes } from '../wire/received.js';

/** Received bytes that make a full collection (tens of ms on a 30 MB heap) worth it. */
export const COLLECT_AFTER_BYTES = 8 * 1024 * 1024;

/** Whether to collect: `received` bytes so far, `atLast` when the last collection was due. */
export function shouldCollect(received: number, atLast: number, threshold = COLLECT_AFTER_BYTES): boolean {
  return received - atLast >= threshold;
}

let collectedAt = 0;

/** After a check: collects when enough arrived since the last time. Returns whether it collected. */
export function collectIfMuchReceived(collector: () => Collect | null = gcFunction): boolean {
  const received = receivedBytes();
  if (!shouldCollect(received, collectedAt)) return false;
  collectedAt = received;
  const gc = collector();
  if (!gc) return false;
  gc();
  return true;
}
