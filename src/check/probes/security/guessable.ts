/**
 * Whether identifiers a server handed out can be guessed from a few samples: integers or counter
 * suffixes (the same prefix, a number that counts up), clock stamps, time-based UUIDs (v1), or a
 * varying part too short to carry 64 random bits. Random UUIDs (v4), long random tokens and
 * signed or sealed blobs pass. Only what varies between samples is judged, so a fixed prefix
 * ("sess_") or a fixed signature layout does not count for or against.
 */
import { isUuid } from '../../../scan/entropy.js';

export const MIN_SAMPLES = 3;
/** Bits of the varying part below which an identifier is guessable by trying (a 16-hex-character random part has 64). */
const MIN_BITS = 64;
/** A counter: the numbers span less than this many steps per sample. */
const COUNTER_SPREAD = 1000;
/** Clock stamps: within ten years of now, in seconds or milliseconds. */
const TEN_YEARS_S = 10 * 365 * 24 * 3600;

export interface Guessable {
  code: 'sequential-ids' | 'counter-ids' | 'timestamp-ids' | 'low-entropy-ids';
  /** Why, in words, never quoting a value. */
  why: string;
}

/** The verdict on distinct samples of one identifier, or undefined when they look random. */
export function judgeIdentifiers(values: readonly (string | number)[]): Guessable | undefined {
  const distinct = [...new Set(values.map(String))];
  if (distinct.length < MIN_SAMPLES) return undefined;
  const integers = distinct.every((value) => /^-?\d{1,15}$/.test(value));
  const counted = integers ? judgeNumbers(distinct.map(Number), 'the values are integers', 'sequential-ids') : undefined;
  if (counted) return counted;
  if (distinct.every(isUuid)) {
    const versions = new Set(distinct.map((value) => value[14]));
    return versions.size === 1 && versions.has('1')
      ? { code: 'timestamp-ids', why: 'they are version-1 UUIDs, made of a clock stamp and a fixed node id' }
      : undefined;
  }
  const numbers = integers ? undefined : varyingNumbers(distinct);
  const counter = numbers ? judgeNumbers(numbers, 'they differ only in a number', 'counter-ids') : undefined;
  if (counter) return counter;
  const varying = varyingParts(distinct);
  const bits = Math.min(...varying.map(estimatedBits));
  if (bits < MIN_BITS)
    return {
      code: 'low-entropy-ids',
      why: `the part that varies between them carries about ${Math.round(bits)} bits (at most ${Math.max(...varying.map((p) => p.length))} characters); at least ${MIN_BITS} random bits are needed`,
    };
  return undefined;
}

function judgeNumbers(numbers: number[], what: string, counter: Guessable['code']): Guessable | undefined {
  const sorted = [...numbers].sort((a, b) => a - b);
  const spread = sorted.at(-1)! - sorted[0]!;
  const now = Date.now();
  const stamp = (n: number) => Math.abs(n - now / 1000) < TEN_YEARS_S || Math.abs(n - now) < TEN_YEARS_S * 1000;
  if (numbers.every(stamp)) return { code: 'timestamp-ids', why: `${what} that read as clock stamps of now` };
  if (spread < COUNTER_SPREAD * numbers.length) return { code: counter, why: `${what}, all within ${spread + 1} of each other, like a counter` };
  return undefined;
}

/** What lies between the prefix and the suffix all values share. */
export function varyingParts(values: readonly string[]): string[] {
  const { prefix, suffix } = sharedEnds(values);
  return values.map((value) => value.slice(prefix, Math.max(prefix, value.length - suffix)));
}

/** The whole numbers the varying parts belong to (`job-1733150000123` varies in its last digits, but is one clock stamp). */
function varyingNumbers(values: readonly string[]): number[] | undefined {
  const { prefix, suffix } = sharedEnds(values);
  const numbers: number[] = [];
  for (const value of values) {
    let start = prefix;
    let end = Math.max(prefix, value.length - suffix);
    while (start > 0 && /\d/.test(value[start - 1]!)) start--;
    while (end < value.length && /\d/.test(value[end]!)) end++;
    const digits = value.slice(start, end);
    if (!/^\d{1,15}$/.test(digits)) return undefined;
    numbers.push(Number(digits));
  }
  return numbers;
}

function sharedEnds(values: readonly string[]): { prefix: number; suffix: number } {
  const first = values[0]!;
  let prefix = first.length;
  let suffix = first.length;
  for (const value of values.slice(1)) {
    let p = 0;
    while (p < prefix && p < value.length && value[p] === first[p]) p++;
    prefix = p;
    let s = 0;
    while (s < suffix && s < value.length - p && value[value.length - 1 - s] === first[first.length - 1 - s]) s++;
    suffix = s;
  }
  return { prefix, suffix: Math.min(suffix, first.length - prefix) };
}

/** Bits a random string of this length over its apparent alphabet holds (digits, hex, base32/36, base64). */
function estimatedBits(part: string): number {
  const alphabet = /^\d*$/.test(part) ? 10 : /^[0-9a-f]*$/i.test(part) ? 16 : /^[0-9a-z]*$/.test(part) || /^[0-9A-Z]*$/.test(part) ? 36 : 64;
  return part.length * Math.log2(alphabet);
}
