/**
 * The statistics of `mcpvet eval`, as pure functions: the Wilson score interval of a pass rate,
 * pass@k and pass^k, Newcombe's interval of a difference of two pass rates, nearest-rank
 * percentiles, and the stopping rule of `--until-confident`.
 */
import type { Interval, Percentiles } from './types.js';

/** The 97.5 % quantile of the standard normal: a two-sided 95 % interval. */
export const Z95 = 1.959964;

/**
 * Wilson score interval of passes/runs (Wilson 1927; Newcombe 1998 method 3). Unlike the normal
 * approximation it stays inside [0, 1] and is honest at 0 or n passes and at small n.
 */
export function wilson(passes: number, runs: number, z = Z95): Interval {
  if (runs <= 0) return { low: 0, high: 1 };
  const p = passes / runs;
  const z2 = z * z;
  const denominator = 1 + z2 / runs;
  const center = (p + z2 / (2 * runs)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / runs + z2 / (4 * runs * runs));
  // The exact bounds at 0 and n passes are 0 and 1; rounding must not make them 1e-17.
  return { low: passes <= 0 ? 0 : Math.max(0, center - half), high: passes >= runs ? 1 : Math.min(1, center + half) };
}

/** k above n means "all the runs there are": the estimators need k ≤ n. */
const capK = (n: number, k: number) => Math.max(0, Math.min(k, n));

/** C(a, k) / C(n, k) as a product of k ratios (no factorials: exact enough at n = 1000). */
function chooseRatio(a: number, n: number, k: number): number {
  let ratio = 1;
  for (let i = 0; i < k; i++) {
    if (a - i <= 0) return 0;
    ratio *= (a - i) / (n - i);
  }
  return ratio;
}

/**
 * pass@k: the chance that at least one of k runs passes, estimated without bias from n runs with
 * c passes: 1 − C(n−c, k) / C(n, k) (Chen et al. 2021, "Evaluating Large Language Models Trained
 * on Code", eq. 1).
 */
export function passAtK(runs: number, passes: number, k: number): number {
  const kk = capK(runs, k);
  if (runs <= 0 || kk === 0) return 0;
  return 1 - chooseRatio(runs - passes, runs, kk);
}

/**
 * pass^k: the chance that all of k runs pass, C(c, k) / C(n, k) (Yao et al. 2024, τ-bench): how
 * reliably a task succeeds, where pass@k says whether it can.
 */
export function passHatK(runs: number, passes: number, k: number): number {
  const kk = capK(runs, k);
  if (runs <= 0 || kk === 0) return 0;
  return chooseRatio(passes, runs, kk);
}

export interface Proportion {
  passes: number;
  runs: number;
}

/**
 * The 95 % interval of pB − pA by Newcombe's hybrid score method (Newcombe 1998, "Interval
 * estimation for the difference between independent proportions", method 10), built from the two
 * Wilson intervals: good coverage at small n, and never outside [−1, 1].
 */
export function newcombe(a: Proportion, b: Proportion, z = Z95): Interval {
  if (a.runs <= 0 || b.runs <= 0) return { low: -1, high: 1 };
  const pA = a.passes / a.runs;
  const pB = b.passes / b.runs;
  const wa = wilson(a.passes, a.runs, z);
  const wb = wilson(b.passes, b.runs, z);
  const difference = pB - pA;
  return {
    low: Math.max(-1, difference - Math.sqrt((pB - wb.low) ** 2 + (wa.high - pA) ** 2)),
    high: Math.min(1, difference + Math.sqrt((wb.high - pB) ** 2 + (pA - wa.low) ** 2)),
  };
}

/** Nearest-rank percentile: the smallest value with at least p % of the values at or below it. */
function nearestRank(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? 0;
}

export function percentiles(values: readonly number[]): Percentiles {
  if (values.length === 0) return { p50: 0, p95: 0 };
  const sorted = [...values].sort((x, y) => x - y);
  return { p50: nearestRank(sorted, 50), p95: nearestRank(sorted, 95) };
}

/**
 * `--until-confident`: the pass rate is known to be above (or below) the threshold once its whole
 * Wilson interval lies above (below) it; undefined while the interval still straddles it.
 */
export function confidentAbout(passes: number, runs: number, threshold: number, z = Z95): 'above' | 'below' | undefined {
  if (runs <= 0) return undefined;
  const interval = wilson(passes, runs, z);
  if (interval.low > threshold) return 'above';
  if (interval.high < threshold) return 'below';
  return undefined;
}
