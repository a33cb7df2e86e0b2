/**
 * The tool-confusion matrix: for each expected tool call of each run, the tool the model actually
 * reached for. A cell off the diagonal says the model took one tool for another (their names or
 * descriptions overlap); '(none)' says it did not call any tool where one was expected.
 */
import { calledName, callsOf } from './metrics.js';
import type { ConfusionCell, EvalTask, RunRecord } from './types.js';

export const NO_CALL = '(none)';

/** The tool counted against `expected` in one run: itself if called, else the first unexpected tool called, else '(none)'. */
function actualFor(expected: string, called: readonly string[], expectedNames: ReadonlySet<string>): string {
  if (called.includes(expected)) return expected;
  return called.find((name) => !expectedNames.has(name)) ?? NO_CALL;
}

export function confusionMatrix(tasks: readonly EvalTask[], runs: readonly RunRecord[]): ConfusionCell[] {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const cells = new Map<string, ConfusionCell>();
  for (const run of runs) {
    const expectedCalls = byId.get(run.task)?.expect.toolCalls ?? [];
    if (expectedCalls.length === 0) continue;
    const expectedNames = new Set(expectedCalls.map((call) => call.name));
    const called = callsOf(run).map(calledName);
    for (const { name: expected } of expectedCalls) {
      const actual = actualFor(expected, called, expectedNames);
      const key = JSON.stringify([run.model, run.variant ?? null, expected, actual]);
      const cell = cells.get(key);
      if (cell) cell.count++;
      else cells.set(key, { model: run.model, ...(run.variant !== undefined ? { variant: run.variant } : {}), expected, actual, count: 1 });
    }
  }
  return [...cells.values()];
}

/** The cells where the model called something other than what was expected. */
export function confusedCells(cells: readonly ConfusionCell[]): ConfusionCell[] {
  return cells.filter((cell) => cell.actual !== cell.expected);
}
