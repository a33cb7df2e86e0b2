/**
 * B against A, task by task: the difference of pass rates with its Newcombe interval, and a verdict
 * only when the interval excludes 0. Used by `mcpvet eval compare` (two reports) and for
 * `--variants` (each variant against the first, inside one report).
 */
import { newcombe } from './stats.js';
import type { ComparisonRow, EvalComparison, EvalReport, TaskStats } from './types.js';

type Side = Pick<TaskStats, 'runs' | 'passes' | 'passRate'>;

const side = (stats: Side) => ({ runs: stats.runs, passes: stats.passes, passRate: stats.passRate });

export function compareRow(key: Pick<ComparisonRow, 'task' | 'model' | 'variant' | 'holdout'>, a: Side, b: Side): ComparisonRow {
  const interval = newcombe(a, b);
  const measured = a.runs > 0 && b.runs > 0;
  const verdict = measured && interval.low > 0 ? 'better' : measured && interval.high < 0 ? 'worse' : 'not-enough-runs';
  return {
    task: key.task,
    model: key.model,
    ...(key.variant !== undefined ? { variant: key.variant } : {}),
    holdout: key.holdout,
    a: side(a),
    b: side(b),
    difference: measured ? b.passRate - a.passRate : 0,
    interval,
    verdict,
  };
}

const rowKey = (stats: Pick<TaskStats, 'task' | 'model' | 'variant'>) => JSON.stringify([stats.task, stats.model, stats.variant ?? null]);

/** Describes a row of one side only: `task` alone, or with its model and variant when they tell it apart. */
const label = (stats: TaskStats) => [stats.task, stats.model, ...(stats.variant !== undefined ? [stats.variant] : [])].join(' / ');

export function compareReports(a: EvalReport, b: EvalReport, names: { a: string; b: string }): EvalComparison {
  const inA = new Map(a.tasks.map((stats) => [rowKey(stats), stats]));
  const inB = new Map(b.tasks.map((stats) => [rowKey(stats), stats]));
  const rows: ComparisonRow[] = [];
  for (const [key, statsB] of inB) {
    const statsA = inA.get(key);
    if (statsA) rows.push(compareRow({ ...statsB, holdout: statsA.holdout || statsB.holdout }, statsA, statsB));
  }
  return {
    format: 'mcpvet-eval-compare',
    version: 1,
    a: names.a,
    b: names.b,
    rows,
    onlyInA: a.tasks.filter((stats) => !inB.has(rowKey(stats))).map(label),
    onlyInB: b.tasks.filter((stats) => !inA.has(rowKey(stats))).map(label),
    regressions: rows.filter((row) => row.verdict === 'worse').length,
  };
}

/** Each variant after the first against the first, per task and model (`--variants`). */
export function compareVariants(tasks: readonly TaskStats[]): ComparisonRow[] {
  const variants = [...new Set(tasks.map((stats) => stats.variant).filter((variant) => variant !== undefined))];
  if (variants.length < 2) return [];
  const [first, ...others] = variants;
  const rows: ComparisonRow[] = [];
  for (const base of tasks.filter((stats) => stats.variant === first))
    for (const variant of others) {
      const other = tasks.find((stats) => stats.task === base.task && stats.model === base.model && stats.variant === variant);
      if (other) rows.push(compareRow(other, base, other));
    }
  return rows;
}
