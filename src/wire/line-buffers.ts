/**
 * Buffers for lines that span chunks, reused across lines and connections. A fresh buffer per
 * line lived as long as the line took to arrive, was promoted, and stayed until the next full
 * GC: a check run that lists 10,000 tools on twenty connections held tens of megabytes of them.
 */

/** Free buffers kept together, in bytes: beyond it a returned buffer is let go. */
export const POOL_BYTES = 8 * 1024 * 1024;
/** The smallest line buffer (a line that spans chunks is rarely shorter). */
const FIRST_BYTES = 64 * 1024;

const free: Buffer[] = [];
let freeBytes = 0;

/** A buffer of at least `bytes` (the pool's smallest that fits, else a new one). */
export function takeBuffer(bytes: number): Buffer {
  let best = -1;
  for (let index = 0; index < free.length; index++) {
    const length = (free[index] as Buffer).length;
    if (length >= bytes && (best === -1 || length < (free[best] as Buffer).length)) best = index;
  }
  if (best === -1) return Buffer.allocUnsafeSlow(Math.max(bytes, FIRST_BYTES));
  const [buffer] = free.splice(best, 1) as [Buffer];
  freeBytes -= buffer.length;
  return buffer;
}

/** Back to the pool; the smallest free buffers make room for a larger one. */
export function giveBack(buffer: Buffer): void {
  if (buffer.length > POOL_BYTES) return;
  free.push(buffer);
  freeBytes += buffer.length;
  free.sort((a, b) => b.length - a.length);
  while (freeBytes > POOL_BYTES) freeBytes -= (free.pop() as Buffer).length;
}
