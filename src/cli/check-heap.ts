/**
 * V8's heap sized for a check run, set before the engine loads (loading it is the first thing
 * that would grow the heap). Only flags V8 reads while it runs can be set once the heap exists:
 * --max-semi-space-size is read at start-up, the growth factor and optimize-for-size are not.
 *
 * - The young generation stays at the size it starts with (two 1 MB semi-spaces). V8 doubles it,
 *   up to 16 MB a semi-space, whenever most of what it holds survives a scavenge, and a check run
 *   does that from start-up: it took 24 MB of a 100 MB run against a ten-tool server, 32 MB
 *   against a 10,000-tool one.
 * - The old generation grows by a smaller factor between full collections (optimize-for-size),
 *   so the garbage of walks over a large list is collected sooner.
 *
 * Measured (bench/check.mjs): a check run peaks about 20 MB lower on a ten-tool server and 35 MB
 * lower on 10,000 tools, and takes no longer on the notes server.
 */
import { setFlagsFromString } from 'node:v8';

export function sizeHeapForCheck(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--optimize-for-size');
}
