/** V8's gc function, for the few places that know a lot of what they received just became garbage. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A full collection, or with `{ type: 'minor' }` the young generation's only. */
export type Collect = (options?: { type: 'major' | 'minor' }) => void;
let found: Collect | null | undefined;

/**
 * V8's gc function without --expose-gc on the command line: the flag set at run time exposes `gc`
 * in contexts made after it. Null where neither works.
 */
export function gcFunction(): Collect | null {
  if (found !== undefined) return found;
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return (found = exposed as Collect);
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    found = typeof gc === 'function' ? (gc as Collect) : null;
  } catch {
    found = null;
  }
  return found;
}
