/**
 * Bytes received from servers by this process, over every connection (stdio output, HTTP bodies).
 * The count decides full garbage collections, one count for both callers: the check engine's
 * after a check (check/collect-garbage.ts), and this one, past FLOOD_COLLECT_BYTES since the last
 * collection of either: a server flooding notifications until the timeout (65 MB/s over
 * stdio) left `call` at 280 MB after 4 s and 570 MB after 9 s, nearly all garbage (dropped trace
 * frames) that V8 let the old generation grow into; the frames kept are bounded (wire/trace.ts).
 */
import { type Collect, gcFunction } from './gc-function.js';

/** Received bytes after which a full collection is made, whatever the command. */
export const FLOOD_COLLECT_BYTES = 32 * 1024 * 1024;

let received = 0;
let collectedAt = 0;

/** `bytes` more were received (called before they are handled: what came before may be garbage by now). */
export function noteReceived(bytes: number, collector: () => Collect | null = gcFunction): void {
  received += bytes;
  // At once, not on a later turn: under load a flood's chunks kept one poll phase busy, and a
  // collection put off until after it came too late (351 MB in CI with 64 MB and setImmediate).
  collectIfReceivedSince(FLOOD_COLLECT_BYTES, collector);
}

/** Whether `threshold` bytes arrived between `atLast` (the count at the last collection) and `received`. */
export function shouldCollect(received: number, atLast: number, threshold: number): boolean {
  return received - atLast >= threshold;
}

/** A full collection when `threshold` bytes were received since the last one, whoever made it. Returns whether it collected. */
export function collectIfReceivedSince(threshold: number, collector: () => Collect | null = gcFunction): boolean {
  if (!shouldCollect(received, collectedAt, threshold)) return false;
  collectedAt = received;
  const gc = collector();
  if (!gc) return false;
  gc();
  return true;
}
