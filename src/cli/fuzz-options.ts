/** Validation of the `mcpvet fuzz` flags that are numbers or durations: one clear line on bad input. */
import { oneLine } from '../wire/control-chars.js';
import { usageError } from './cli-error.js';
import { MAX_TIMER_MS } from './target-options.js';

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `30s`, `500ms`, `2m`, `1h`, or bare milliseconds; 1 ms to 2^31-1 ms like every duration flag. */
export function parseDuration(flag: string, value: string): number {
  const match = /^\s*(\d+)\s*(ms|s|m|h)?\s*$/.exec(value);
  const ms = match ? Number(match[1]) * (UNITS[match[2] ?? 'ms'] as number) : Number.NaN;
  if (!Number.isSafeInteger(ms) || ms < 1 || ms > MAX_TIMER_MS)
    throw usageError(`${flag} takes a duration such as 30s, 2m, 500ms or 1h (from 1 ms to ${MAX_TIMER_MS} ms), not "${oneLine(value)}"`);
  return ms;
}

/** A whole number from `min` to `max`. */
export function parseWholeNumber(flag: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\s*-?\d+\s*$/.test(value) || !Number.isSafeInteger(number) || number < min || number > max)
    throw usageError(`${flag} takes a whole number from ${min} to ${max}, not "${oneLine(value)}"`);
  return number;
}

export const MAX_RUNS = 1_000_000;
/** fast-check seeds are 32-bit integers. */
export const MIN_SEED = -(2 ** 31);
export const MAX_SEED = 2 ** 31 - 1;
