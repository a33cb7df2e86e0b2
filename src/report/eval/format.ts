/** Number and label formats every eval renderer shares, so the console, Markdown and JUnit agree. */
import { tokensSavedOf } from '../../eval/tokens-saved.js';
import type { EvalReport, Interval, Percentiles } from '../../eval/types.js';
import { formatDuration } from '../summary.js';

/** A rate as a whole percentage: `80%`. */
export const percent = (rate: number): string => `${Math.round(rate * 100)}%`;

/** An interval of rates: `38–96%`. */
export const intervalText = (interval: Interval): string => `${Math.round(interval.low * 100)}–${Math.round(interval.high * 100)}%`;

/** A difference of rates with its sign: `+20%`, `-5%`, `0%`. */
export const signedPercent = (difference: number): string => {
  const rounded = Math.round(difference * 100);
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
};

/** An interval of differences: `[+5%, +33%]`. */
export const differenceInterval = (interval: Interval): string => `[${signedPercent(interval.low)}, ${signedPercent(interval.high)}]`;

/** Token counts: `950`, `12.3k`, `4.1M`. */
export function tokens(count: number): string {
  if (count < 1000) return String(count);
  if (count < 1_000_000) return `${(count / 1000).toFixed(1)}k`;
  return `${(count / 1_000_000).toFixed(1)}M`;
}

export const usd = (cost: number): string => `$${cost < 0.01 && cost > 0 ? cost.toFixed(4) : cost.toFixed(2)}`;

export const times = (p: Percentiles): string => `${formatDuration(p.p50)}/${formatDuration(p.p95)}`;

/** `model` or `model / variant`. */
export const comboLabel = (entry: { model: string; variant?: string }): string =>
  entry.variant !== undefined ? `${entry.model} / ${entry.variant}` : entry.model;

/** A bar of `width` cells filled to the rate. */
export function bar(rate: number, width = 10): string {
  const filled = Math.max(0, Math.min(width, Math.round(rate * width)));
  return '█'.repeat(filled) + '░'.repeat(width - filled);
}

/** What the runs `--until-confident` saved would have cost (the report's figure; estimated the same way for older reports). */
export function savedTokens(report: EvalReport): number {
  return report.tokensSaved ?? report.tasks.reduce((sum, stats) => sum + tokensSavedOf(stats), 0);
}
