/** Parsing of `mcpvet load`'s own values: durations, rates and thresholds. One clear line when wrong. */
import { usageError } from '../cli/cli-error.js';
import { MAX_TIMER_MS } from '../cli/target-options.js';
import { oneLine } from '../wire/control-chars.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `30s`, `500ms`, `2m`, `1h`, or a bare number of seconds; at least 1 ms, at most a timer's reach. */
export function parseDuration(flag: string, value: string, { allowZero = false } = {}): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(value);
  const ms = match ? Number(match[1]) * UNIT_MS[match[2] ?? 's']! : Number.NaN;
  if (!Number.isFinite(ms) || ms > MAX_TIMER_MS || (allowZero ? ms < 0 : ms < 1)) {
    throw usageError(`${flag} takes a duration such as 30s, 500ms, 2m or 1h, not "${oneLine(value)}"`);
  }
  return Math.round(ms);
}

/** Requests per second for the open model: a positive number, at most a million. */
export function parseRate(value: string): number {
  const rate = Number(value);
  if (!/^\s*\d+(\.\d+)?\s*$/.test(value) || !(rate > 0) || rate > 1_000_000) {
    throw usageError(`--rate takes requests per second, a number above 0 and at most 1000000, not "${oneLine(value)}"`);
  }
  return rate;
}

export function parseCount(flag: string, value: string, max: number): number {
  const count = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || count < 1 || count > max) throw usageError(`${flag} takes a whole number from 1 to ${max}, not "${oneLine(value)}"`);
  return count;
}

export type ThresholdMetric = 'p50' | 'p90' | 'p99' | 'p99.9' | 'max' | 'mean' | 'errors' | 'rps';
export type ThresholdOperator = '<' | '<=' | '>' | '>=';

export interface Threshold {
  /** As given, for messages. */
  text: string;
  metric: ThresholdMetric;
  operator: ThresholdOperator;
  /** Milliseconds for latencies, a fraction (0.001 for 0.1%) for errors, requests per second for rps. */
  value: number;
}

const LATENCY_METRICS = new Set(['p50', 'p90', 'p99', 'p99.9', 'max', 'mean']);

/** `p99<250ms`, `p99.9<=1s`, `errors<0.1%`, `errors<0.001`, `rps>=100`. */
export function parseThreshold(text: string): Threshold {
  const match = /^\s*(p50|p90|p99\.9|p99|max|mean|errors|rps)\s*(<=|>=|<|>)\s*(\d+(?:\.\d+)?)\s*(ms|s|m|%)?\s*$/.exec(text);
  const hint = 'e.g. p99<250ms, errors<0.1%, rps>=100 (metrics: p50 p90 p99 p99.9 max mean errors rps)';
  if (!match) throw usageError(`--threshold "${oneLine(text)}" is not a threshold: ${hint}`);
  const [, metric, operator, number, unit] = match as unknown as [string, ThresholdMetric, ThresholdOperator, string, string | undefined];
  let value = Number(number);
  if (LATENCY_METRICS.has(metric)) {
    if (unit === '%') throw usageError(`--threshold "${oneLine(text)}": a latency takes ms, s or m, not %`);
    value *= UNIT_MS[unit ?? 'ms']!;
  } else if (metric === 'errors') {
    if (unit !== undefined && unit !== '%') throw usageError(`--threshold "${oneLine(text)}": errors take a percentage (0.1%) or a fraction (0.001)`);
    if (unit === '%') value /= 100;
    if (value > 1) throw usageError(`--threshold "${oneLine(text)}": an error rate above 100% cannot be reached`);
  } else if (unit !== undefined) {
    throw usageError(`--threshold "${oneLine(text)}": rps takes a plain number`);
  }
  return { text: text.trim(), metric, operator, value };
}
