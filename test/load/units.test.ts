/** The pure parts of `mcpvet load`: flag values, arrival times, statistics and the leak trend. */
import { describe, expect, it } from 'vitest';
import { arrivalsDue, dueTime } from '../../src/load/engine.js';
import { parseDuration, parseRate, parseThreshold } from '../../src/load/options.js';
import { judge } from '../../src/load/report.js';
import { stepOf, stepPicker } from '../../src/load/scenario.js';
import { trend, type SoakSample } from '../../src/load/soak.js';
import { LoadStats } from '../../src/load/stats.js';

describe('load flag values', () => {
  it('reads durations with units, and a bare number as seconds', () => {
    expect([
      parseDuration('--duration', '30s'),
      parseDuration('--duration', '500ms'),
      parseDuration('--duration', '2m'),
      parseDuration('--duration', '3'),
    ]).toEqual([30_000, 500, 120_000, 3000]);
    expect(parseDuration('--ramp', '0s', { allowZero: true })).toBe(0);
    for (const bad of ['', 'soon', '-1s', '0s', '30 days', `${2 ** 31}ms`])
      expect(() => parseDuration('--duration', bad)).toThrow(/--duration takes a duration/);
  });

  it('reads thresholds: latency in ms, errors as a fraction, rps as a number', () => {
    expect(parseThreshold('p99<250ms')).toMatchObject({ metric: 'p99', operator: '<', value: 250 });
    expect(parseThreshold('p99.9 <= 1s')).toMatchObject({ metric: 'p99.9', operator: '<=', value: 1000 });
    expect(parseThreshold('errors<0.1%')).toMatchObject({ metric: 'errors', value: 0.001 });
    expect(parseThreshold('rps>=100')).toMatchObject({ metric: 'rps', operator: '>=', value: 100 });
    expect(() => parseThreshold('p42<1ms')).toThrow(/not a threshold/);
    expect(() => parseThreshold('p99<5%')).toThrow(/latency takes ms/);
    expect(() => parseThreshold('errors<150%')).toThrow(/above 100%/);
    expect(() => parseRate('0')).toThrow(/--rate/);
  });

  it('judges each threshold against the run', () => {
    const verdicts = judge([parseThreshold('p99<250ms'), parseThreshold('errors<1%'), parseThreshold('rps>50')], {
      latencyMs: { p50: 1, p90: 2, p99: 300, 'p99.9': 400, max: 500, mean: 10 },
      errorRate: 0.001,
      rps: 40,
    });
    expect(verdicts.map((verdict) => verdict.passed)).toEqual([false, true, false]);
  });
});

describe('the open model schedule', () => {
  it('spaces arrivals evenly at the rate, the first at once, and ramps linearly', () => {
    // Arrivals 0, 10 ms, …, 1000 ms are due by 1 s at 100/s.
    expect([arrivalsDue(0, 100, 0), arrivalsDue(9.9, 100, 0), arrivalsDue(10, 100, 0), arrivalsDue(1000, 100, 0)]).toEqual([1, 1, 2, 101]);
    expect(dueTime(50, 100, 0)).toBe(500);
    // Over a 2 s ramp to 100/s, the first second sends a quarter of the ramp's 100 arrivals.
    expect(arrivalsDue(999.9, 100, 2000)).toBe(25);
    expect(arrivalsDue(2999.9, 100, 2000)).toBe(200);
    // Each arrival is started when it is due, not one interval late.
    for (const n of [0, 1, 10, 99, 100, 150]) {
      const due = dueTime(n, 100, 2000);
      expect(arrivalsDue(due, 100, 2000)).toBe(n + 1);
      if (n > 0) expect(arrivalsDue(due - 0.01, 100, 2000)).toBe(n);
    }
  });
});

describe('load statistics', () => {
  it('gives percentiles of known latencies within the histogram precision', () => {
    const stats = new LoadStats(0);
    for (let i = 1; i <= 1000; i++) stats.record('tools/call sleep', i * 1000, i % 100 === 0 ? 'isError' : undefined, 10);
    const overall = stats.overall();
    expect(overall.requests).toBe(1000);
    expect(overall.errors).toBe(10);
    expect(overall.latencyMs.p50).toBeCloseTo(500, -0.5);
    expect(overall.latencyMs.p99).toBeCloseTo(990, -0.5);
    expect(overall.latencyMs.max).toBeCloseTo(1000, -0.5);
    expect(Object.fromEntries(stats.errorsByClass)).toEqual({ isError: 10 });
  });

  it('keeps a bounded series whatever the duration, with empty seconds shown', () => {
    const stats = new LoadStats(0);
    stats.record('a', 1000, undefined, 100);
    stats.record('a', 1000, undefined, 3500);
    expect(stats.timeSeries(3600).map((point) => point.requests)).toEqual([1, 0, 0, 1]);
    for (let second = 4; second < 5000; second++) stats.record('a', 1000, undefined, second * 1000 + 1);
    const series = stats.timeSeries(5_000_000);
    expect(series.length).toBeLessThanOrEqual(600);
    expect(series.reduce((sum, point) => sum + point.requests, 0)).toBe(stats.requests);
  });
});

describe('the soak trend', () => {
  const samples = (rss: (i: number) => number): SoakSample[] => Array.from({ length: 30 }, (_, i) => ({ atS: i, rssMb: rss(i), fds: 20 }));

  it('calls a steady rise a probable leak, with its slope per minute', () => {
    const leak = trend(
      samples((i) => 50 + i),
      (s) => s.rssMb,
      5,
    );
    expect(leak).toMatchObject({ probableLeak: true, slopePerMinute: 60, fit: 1 });
  });

  it('does not call noise, a warm-up step or a small rise a leak', () => {
    expect(
      trend(
        samples((i) => 50 + (i % 2)),
        (s) => s.rssMb,
        5,
      ).probableLeak,
    ).toBe(false);
    expect(
      trend(
        samples((i) => (i < 5 ? 40 : 60)),
        (s) => s.rssMb,
        5,
      ).probableLeak,
    ).toBe(false);
    expect(
      trend(
        samples((i) => 50 + i / 100),
        (s) => s.rssMb,
        5,
      ).probableLeak,
    ).toBe(false);
    expect(
      trend(
        samples(() => 50),
        (s) => s.fds,
        10,
      ).probableLeak,
    ).toBe(false);
  });
});

describe('a mix', () => {
  it('checks each step, and picks by weight in a fixed smooth order', () => {
    const a = stepOf({ method: 'tools/call', tool: 'get_note', arguments: { id: 'n1' }, weight: 3 }, 'step 1');
    const b = stepOf({ method: 'tools/list' }, 'step 2');
    expect(a).toMatchObject({ key: 'tools/call get_note', params: { name: 'get_note', arguments: { id: 'n1' } } });
    const pick = stepPicker([a, b]);
    const keys = Array.from({ length: 8 }, () => pick().key);
    expect(keys.slice(0, 4)).toEqual(['tools/call get_note', 'tools/call get_note', 'tools/list', 'tools/call get_note']);
    expect(keys.slice(4)).toEqual(keys.slice(0, 4));
    expect(() => stepOf({ method: 'initialize' }, 'step 3')).toThrow(/step 3: method must be one of/);
    expect(() => stepOf({ method: 'tools/call' }, 'step 4')).toThrow(/step 4: tools\/call needs tool/);
    expect(() => stepOf({ method: 'tools/list', weight: 0 }, 'step 5')).toThrow(/weight/);
  });
});
