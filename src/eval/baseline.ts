/**
 * `mcpvet eval --expected-failures FILE`: check's baseline semantics (src/report/baseline.ts) with
 * a task as the unit. A task fails when it does not meet its threshold.
 * - An entry is a task id (`weather-boston`: the task with every model) or `task@model`
 *   (`weather-boston@openai:gpt-4.1-mini`: one model of a matrix). The key follows TaskStats,
 *   which keys a task by (task, model, variant); the variant is not part of the key, since
 *   variants are experiments on the same task, so an entry covers every variant it matches.
 *   Task ids cannot hold `@` (tasks-file.ts), so the first `@` splits the entry unambiguously.
 * - A listed task that fails is an expected failure: tolerated, still shown as failing.
 * - An unlisted task that fails is a regression: it fails the run.
 * - An entry whose tasks all meet their threshold now is STALE: it fails the run, so the list
 *   shrinks as the server gets better. An entry still covering one failure (one model of two)
 *   is not stale.
 * - An entry that matches no task of the run is tolerated, like a skipped check: the run may be
 *   a --task, --tag or --shard selection, and one baseline may serve several tasks files.
 */
import type { EvalReport, TaskStats } from './types.js';

export interface EvalBaselineVerdict {
  /** Failing tasks that are listed: tolerated. */
  expected: string[];
  /** Failing tasks that are not listed: they fail the run. */
  regressions: string[];
  /** Entries whose tasks all meet their threshold now: remove them from the file. */
  stale: string[];
}

const failing = (stats: TaskStats): boolean => !stats.meetsThreshold;

/** The entries that name this task (and model). */
const entriesOf = (stats: TaskStats): string[] => [stats.task, `${stats.task}@${stats.model}`];

/** How a task is named in the verdict: `task@model` only when the run has several models, so it can be copied into the file. */
function keyOf(report: EvalReport, stats: TaskStats): string {
  return report.models.length > 1 ? `${stats.task}@${stats.model}` : stats.task;
}

export function evalBaselineVerdict(report: EvalReport, entries: readonly string[]): EvalBaselineVerdict {
  const listed = new Set(entries);
  const expected = new Set<string>();
  const regressions = new Set<string>();
  for (const stats of report.tasks.filter(failing)) {
    const covered = entriesOf(stats).some((entry) => listed.has(entry));
    (covered ? expected : regressions).add(keyOf(report, stats));
  }
  const stale = [...listed].filter((entry) => {
    const matched = report.tasks.filter((stats) => entriesOf(stats).includes(entry));
    return matched.length > 0 && !matched.some(failing);
  });
  return { expected: [...expected].sort(), regressions: [...regressions].sort(), stale: stale.sort() };
}

/** The report with `baseline` filled in; tasks are unchanged. */
export function applyEvalBaseline(report: EvalReport, entries: readonly string[], file: string): EvalReport {
  return { ...report, baseline: { file, ...evalBaselineVerdict(report, entries) } };
}

/** A failing task that the baseline tolerates. */
export function isExpectedTaskFailure(report: EvalReport, stats: TaskStats): boolean {
  return report.baseline !== undefined && failing(stats) && !report.baseline.regressions.includes(keyOf(report, stats));
}

/** A passing task named by a stale entry (the entry to remove), if any. */
export function staleEntryOf(report: EvalReport, stats: TaskStats): string | undefined {
  return report.baseline?.stale.find((entry) => entriesOf(stats).includes(entry));
}

/** 0 when every task meets its threshold or is an expected failure and no entry is stale; 2 (ExitCode.Failed) otherwise. */
export function evalExitCode(report: EvalReport): 0 | 2 {
  if (report.tasks.some((stats) => failing(stats) && !isExpectedTaskFailure(report, stats))) return 2;
  return (report.baseline?.stale.length ?? 0) > 0 ? 2 : 0;
}

/**
 * The baseline of shards joined by `mcpvet report merge`: shards split the tasks by id, so each
 * task (with all its models) and each entry that matched it lie in one shard, and the union of
 * the shards' verdicts is the verdict of the whole run.
 */
export function mergeEvalBaselines(reports: readonly EvalReport[]): EvalReport['baseline'] {
  const first = reports[0]?.baseline;
  if (!first) return undefined;
  const union = (pick: (baseline: EvalBaselineVerdict) => string[]) =>
    [...new Set(reports.flatMap((report) => (report.baseline ? pick(report.baseline) : [])))].sort();
  return { file: first.file, expected: union((b) => b.expected), regressions: union((b) => b.regressions), stale: union((b) => b.stale) };
}
