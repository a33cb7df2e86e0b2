/** Durations in the eval files: `500ms`, `30s`, `2m`, `1.5s`, or a bare number of milliseconds. */

/** Node's timers hold 32-bit signed milliseconds (as --timeout, in src/cli/target-options.ts). */
const MAX_TIMER_MS = 2 ** 31 - 1;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000 };

/** Milliseconds from 1 to 2^31-1 (what Node's timers hold), or undefined when `value` is not a duration. */
export function parseDuration(value: unknown): number | undefined {
  let ms: number;
  if (typeof value === 'number') ms = value;
  else if (typeof value === 'string') {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m)?\s*$/.exec(value);
    if (!match) return undefined;
    ms = Number(match[1]) * (UNIT_MS[match[2] ?? 'ms'] as number);
  } else return undefined;
  ms = Math.round(ms);
  return Number.isFinite(ms) && ms >= 1 && ms <= MAX_TIMER_MS ? ms : undefined;
}
