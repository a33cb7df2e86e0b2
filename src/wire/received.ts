/**
 * Bytes received from servers by this process, over every connection (stdio output, HTTP bodies).
 * The count decides full garbage collections, one count for both callers: the check engine's
 * after a check (check/collect-garbage.ts), and this one, past FLOOD_COLLECT_BYTES since the last
 * collection of either: a server flooding notifications until the timeout (65 MB/s over
 * stdio) left `call` at 280 MB after 4 s and 570 MB after 9 s, nearly all garbage (dropped trace
 * frames) that V8 let the old generation grow into; the frames kept are bounded (wire/trace.ts).
 *
 * Every YOUNG_COLLECT_BYTES the young generation is collected too. Each chunk read (64 KiB of
 * native memory) is copied out and dropped at once, but while a large answer streams in little
 * else is allocated, so no scavenge runs and the dead chunks pile up: 8.8 MB of them at the peak
 * of a check of 10,000 tools, and a check of a 13 MB list peaked 14 MB lower with this (median of
 * five), for about 1 % more CPU.
 */
import { getHeapStatistics } from 'node:v8';
import { type Collect, gcFunction } from './gc-function.js';

/** Received bytes after which a full collection is made, whatever the command. */
export const FLOOD_COLLECT_BYTES = 32 * 1024 * 1024;
/** Received bytes after which the young generation is collected (about a millisecond). */
export const YOUNG_COLLECT_BYTES = 512 * 1024;

let received = 0;
/** The last full collection, whoever made it: the received count then and the heap it left (what was live). */
let collectedAt = 0;
let heapAtCollection = 0;
let youngCollectedAt = 0;

/** `bytes` more were received (called before they are handled: what came before may be garbage by now). */
export function noteReceived(bytes: number, collector: () => Collect | null = gcFunction): void {
  received += bytes;
  if (received - youngCollectedAt >= YOUNG_COLLECT_BYTES) {
    youngCollectedAt = received;
    collector()?.({ type: 'minor' });
  }
  // At once, not on a later turn: under load a flood's chunks kept one poll phase busy, and a
  // collection put off until after it came too late (351 MB in CI with 64 MB and setImmediate).
  collectIfReceivedSince(FLOOD_COLLECT_BYTES, collector);
}

/** Bytes received by this process so far. */
export function receivedSoFar(): number {
  return received;
}

/** Whether `threshold` bytes arrived between `atLast` (the count at the last collection) and `received`. */
export function shouldCollect(received: number, atLast: number, threshold: number): boolean {
  return received - atLast >= threshold;
}

/** A full collection when `threshold` bytes were received since the last one, whoever made it. Returns whether it collected. */
export function collectIfReceivedSince(threshold: number, collector: () => Collect | null = gcFunction, heapUsed = usedHeap): boolean {
  if (!shouldCollect(received, collectedAt, threshold)) return false;
  return collectNow(collector, heapUsed);
}

/** A full collection now, whatever made it due: the next ones count received bytes and heap growth from here. */
export function collectNow(collector: () => Collect | null = gcFunction, heapUsed = usedHeap): boolean {
  collectedAt = received;
  const gc = collector();
  if (!gc) return false;
  gc();
  heapAtCollection = heapUsed();
  return true;
}

/** How much the heap in use grew since the last full collection made here. */
export function heapGrownSinceCollection(heapUsed = usedHeap): number {
  return heapUsed() - heapAtCollection;
}

function usedHeap(): number {
  return getHeapStatistics().used_heap_size;
}
