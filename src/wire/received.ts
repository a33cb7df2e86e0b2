/**
 * Bytes received from servers by this process, over every connection (stdio output, HTTP bodies).
 * The check engine reads the count to know when much has arrived since its last full garbage
 * collection (check/collect-garbage.ts). Past FLOOD_COLLECT_BYTES since the last collection, a
 * collection is also made here: a server flooding notifications until the timeout (65 MB/s over
 * stdio) left `call` at 280 MB after 4 s and 570 MB after 9 s, nearly all garbage (dropped trace
 * frames) that V8 let the old generation grow into; the frames kept are bounded (wire/trace.ts).
 */
import { gcFunction } from './gc-function.js';

/** Received bytes after which a full collection is made, whatever the command. */
export const FLOOD_COLLECT_BYTES = 32 * 1024 * 1024;

let received = 0;
let collectedAt = 0;

/** `bytes` more were received (called before they are handled: what came before may be garbage by now). */
export function noteReceived(bytes: number): void {
  received += bytes;
  if (received - collectedAt < FLOOD_COLLECT_BYTES) return;
  collectedAt = received;
  // At once, not on a later turn: under load a flood's chunks kept one poll phase busy, and a
  // collection put off until after it came too late (351 MB in CI with 64 MB and setImmediate).
  gcFunction()?.();
}

/** Bytes received so far. */
export function receivedBytes(): number {
  return received;
}
