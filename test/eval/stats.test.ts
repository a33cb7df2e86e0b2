import { describe, expect, it } from 'vitest';
import { confidentAbout, newcombe, passAtK, passHatK, percentiles, wilson } from '../../src/eval/stats.js';

/** Published figures are given to 4 decimals: compare at that precision. */
const close = (interval: { low: number; high: number }, low: number, high: number) => {
  expect(interval.low).toBeCloseTo(low, 4);
  expect(interval.high).toBeCloseTo(high, 4);
};

describe('wilson', () => {
  // Newcombe RG (1998), "Two-sided confidence intervals for the single proportion: comparison of
  // seven methods", Stat Med 17:857-872, Table I, method 3 (score interval without continuity correction).
  it('matches the published score intervals of Newcombe 1998 (single proportion, Table I)', () => {
    close(wilson(81, 263), 0.2553, 0.3662);
    close(wilson(15, 148), 0.0624, 0.1605);
    close(wilson(0, 20), 0, 0.1611);
    close(wilson(1, 29), 0.0061, 0.1718);
  });

  it('is exactly 0 or 1 at the ends, symmetric, and [0, 1] without runs', () => {
    expect(wilson(0, 5).low).toBe(0);
    expect(wilson(5, 5).high).toBe(1);
    // By hand: 1/1 gives low = 1 / (1 + z²) = 1 / 4.8415 = 0.2065.
    close(wilson(1, 1), 0.2065, 1);
    const a = wilson(3, 10);
    const b = wilson(7, 10);
    expect(a.low).toBeCloseTo(1 - b.high, 12);
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });
});

describe('pass@k and pass^k', () => {
  it('pass@k = 1 − C(n−c,k)/C(n,k) (Chen et al. 2021), by hand', () => {
    // n=10, c=3, k=5: C(7,5)/C(10,5) = 21/252 = 1/12, so 11/12.
    expect(passAtK(10, 3, 5)).toBeCloseTo(11 / 12, 12);
    // k=1 is the pass rate.
    expect(passAtK(10, 3, 1)).toBeCloseTo(0.3, 12);
    // Fewer failures than k: some passing run is always among the k.
    expect(passAtK(10, 8, 3)).toBe(1);
    expect(passAtK(10, 0, 3)).toBe(0);
  });

  it('pass^k = C(c,k)/C(n,k) (τ-bench), by hand', () => {
    // n=10, c=3, k=2: C(3,2)/C(10,2) = 3/45.
    expect(passHatK(10, 3, 2)).toBeCloseTo(1 / 15, 12);
    expect(passHatK(10, 3, 1)).toBeCloseTo(0.3, 12);
    expect(passHatK(10, 3, 4)).toBe(0);
    expect(passHatK(10, 10, 10)).toBe(1);
  });

  it('does not overflow at n = 1000 (products, not factorials)', () => {
    // C(999,500)/C(1000,500) = (1000−500)/1000 = 0.5 exactly.
    expect(passAtK(1000, 1, 500)).toBeCloseTo(0.5, 10);
    expect(passHatK(1000, 999, 500)).toBeCloseTo(0.5, 10);
    expect(passAtK(1000, 1, 1)).toBeCloseTo(0.001, 12);
    expect(Number.isFinite(passAtK(1000, 500, 1000))).toBe(true);
    expect(passHatK(1000, 999, 1000)).toBe(0);
  });

  it('k above n uses k = n; no runs give 0', () => {
    expect(passAtK(5, 1, 10)).toBe(1);
    expect(passHatK(5, 4, 10)).toBe(0);
    expect(passHatK(5, 5, 10)).toBe(1);
    expect(passAtK(0, 0, 3)).toBe(0);
    expect(passHatK(0, 0, 3)).toBe(0);
  });
});

describe('newcombe', () => {
  // Newcombe RG (1998), "Interval estimation for the difference between independent proportions:
  // comparison of eleven methods", Stat Med 17:873-890, Table II, method 10 (hybrid score), worked examples.
  it('matches the published hybrid score intervals of Newcombe 1998 (Table II)', () => {
    // (a) 56/70 − 48/80 = 0.2000: 0.0524 to 0.3339. Our argument order is (A, B), giving pB − pA.
    close(newcombe({ passes: 48, runs: 80 }, { passes: 56, runs: 70 }), 0.0524, 0.3339);
    // 9/10 − 3/10 = 0.6: 0.1705 to 0.8090.
    close(newcombe({ passes: 3, runs: 10 }, { passes: 9, runs: 10 }), 0.1705, 0.809);
    // 5/56 − 0/29: −0.0381 to 0.1926.
    close(newcombe({ passes: 0, runs: 29 }, { passes: 5, runs: 56 }), -0.0381, 0.1926);
    // 0/10 − 0/20: −0.1611 to 0.2775; 0/10 − 0/10: −0.2775 to 0.2775.
    close(newcombe({ passes: 0, runs: 20 }, { passes: 0, runs: 10 }), -0.1611, 0.2775);
    close(newcombe({ passes: 0, runs: 10 }, { passes: 0, runs: 10 }), -0.2775, 0.2775);
  });

  it('turns round with the order and says nothing without runs', () => {
    const forward = newcombe({ passes: 48, runs: 80 }, { passes: 56, runs: 70 });
    const back = newcombe({ passes: 56, runs: 70 }, { passes: 48, runs: 80 });
    expect(back.low).toBeCloseTo(-forward.high, 12);
    expect(back.high).toBeCloseTo(-forward.low, 12);
    expect(newcombe({ passes: 0, runs: 0 }, { passes: 3, runs: 5 })).toEqual({ low: -1, high: 1 });
  });
});

describe('percentiles', () => {
  // Nearest rank: Wikipedia "Percentile", worked example {15, 20, 35, 40, 50}: P50 = 35, P100 = 50
  // (P95: rank ⌈0.95 × 5⌉ = 5, so 50).
  it('takes the nearest rank, whatever the order', () => {
    expect(percentiles([50, 15, 40, 20, 35])).toEqual({ p50: 35, p95: 50 });
    // 20 values 1..20: P50 rank 10 -> 10, P95 rank 19 -> 19.
    expect(percentiles(Array.from({ length: 20 }, (_, i) => 20 - i))).toEqual({ p50: 10, p95: 19 });
    expect(percentiles([7])).toEqual({ p50: 7, p95: 7 });
    expect(percentiles([])).toEqual({ p50: 0, p95: 0 });
  });
});

describe('confidentAbout', () => {
  it('decides only once the Wilson interval leaves the threshold', () => {
    // n/n passes has low = n / (n + z²): above 0.8 from n > 4z² = 15.37, so at 16 runs and not at 15.
    expect(confidentAbout(15, 15, 0.8)).toBeUndefined();
    expect(confidentAbout(16, 16, 0.8)).toBe('above');
    // 0/n has high = z² / (n + z²): under 0.5 once n > z² = 3.84, so at 4 runs and not at 3.
    expect(confidentAbout(0, 3, 0.5)).toBeUndefined();
    expect(confidentAbout(0, 4, 0.5)).toBe('below');
    expect(confidentAbout(5, 10, 0.5)).toBeUndefined();
    expect(confidentAbout(0, 0, 0.5)).toBeUndefined();
  });
});
