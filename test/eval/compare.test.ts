import { describe, expect, it } from 'vitest';
import { compareReports, compareRow } from '../../src/eval/compare.js';
import { report, runs, suite, task } from './run-records.js';

const key = { task: 't', model: 'm', holdout: false };
const side = (passes: number, total: number) => ({ runs: total, passes, passRate: passes / total });

describe('compareRow', () => {
  it('gives B − A with the Newcombe interval of Newcombe 1998 (56/70 against 48/80: 0.0524 to 0.3339)', () => {
    const row = compareRow(key, side(48, 80), side(56, 70));
    expect(row.difference).toBeCloseTo(0.2, 12);
    expect(row.interval.low).toBeCloseTo(0.0524, 4);
    expect(row.interval.high).toBeCloseTo(0.3339, 4);
    expect(row.verdict).toBe('better');
    expect(compareRow(key, side(56, 70), side(48, 80)).verdict).toBe('worse');
  });

  it('says "not enough runs" while the interval contains 0, or a side has no runs', () => {
    // 4/5 against 2/5: a drop of 40 points, but the interval (about −0.74 to +0.13) still holds 0.
    const row = compareRow(key, side(4, 5), side(2, 5));
    expect(row.interval.low).toBeLessThan(0);
    expect(row.interval.high).toBeGreaterThan(0);
    expect(row.verdict).toBe('not-enough-runs');
    expect(compareRow(key, { runs: 0, passes: 0, passRate: 0 }, side(5, 5))).toMatchObject({ verdict: 'not-enough-runs', difference: 0 });
  });
});

describe('compareReports', () => {
  const tasks = [task('stable'), task('broken'), task('gone'), task('secret', [], { holdout: true })];
  const baseline = report(suite(tasks), [...runs('stable', 9, 10), ...runs('broken', 20, 20), ...runs('gone', 1, 1), ...runs('secret', 5, 10)]);
  const current = report(suite([...tasks.filter((entry) => entry.id !== 'gone'), task('new')]), [
    ...runs('stable', 8, 10),
    ...runs('broken', 5, 20),
    ...runs('secret', 6, 10),
    ...runs('new', 1, 1),
  ]);

  it('matches rows by task, model and variant and counts the significant regressions', () => {
    const comparison = compareReports(baseline, current, { a: 'base.json', b: 'new.json' });
    expect(comparison).toMatchObject({ format: 'mcpvet-eval-compare', version: 1, a: 'base.json', b: 'new.json', regressions: 1 });
    expect(comparison.rows.map((row) => [row.task, row.verdict, row.holdout])).toEqual([
      ['stable', 'not-enough-runs', false],
      ['broken', 'worse', false],
      ['secret', 'not-enough-runs', true],
    ]);
    expect(comparison.onlyInA).toEqual(['gone / openai:test']);
    expect(comparison.onlyInB).toEqual(['new / openai:test']);
  });

  it('finds no regression when nothing changed', () => {
    expect(compareReports(baseline, baseline, { a: 'x', b: 'x' }).regressions).toBe(0);
  });

  it('does not match different models or variants', () => {
    const other = report(
      suite(tasks),
      runs('broken', 0, 20, () => [], { model: 'anthropic:other' }),
      { models: ['anthropic:other'] },
    );
    const comparison = compareReports(baseline, other, { a: 'a', b: 'b' });
    expect(comparison.rows).toEqual([]);
    expect(comparison.regressions).toBe(0);
  });
});
