/**
 * Fixed-size slabs for lines that span chunks, reused across lines and connections. A line is
 * copied into slabs as it arrives, so the 64 KiB chunks it came in die young, and it is joined
 * once at its end. The slabs outlive no line: a fresh buffer per line lived as long as the line
 * took to arrive, was promoted, and stayed until the next full GC; a buffer doubled to fit the
 * line wasted up to half of itself, and a pool of such buffers kept every size it had grown
 * through (8 MB for 2.8 MB lines).
 */

/** One slab: the size of the largest line decoded whole without asking whether its result is known. */
export const SLAB_BYTES = 256 * 1024;
/** Free slabs kept, in bytes: beyond it a returned slab is let go. */
export const POOL_BYTES = 4 * 1024 * 1024;

const free: Buffer[] = [];

/** A free slab, or a new one. */
export function takeSlab(): Buffer {
  return free.pop() ?? Buffer.allocUnsafeSlow(SLAB_BYTES);
}

/** Back to the pool, unless it is full. */
export function giveBack(slab: Buffer): void {
  if ((free.length + 1) * SLAB_BYTES <= POOL_BYTES) free.push(slab);
}
