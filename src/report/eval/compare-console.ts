/** `mcpvet eval compare` for people: a line per task with both pass rates, the difference, its interval and the verdict. */
import { groupBy } from '../../eval/group.js';
import type { ComparisonRow, EvalComparison } from '../../eval/types.js';
import { type Paint, painter } from '../ansi.js';
import { comboLabel, differenceInterval, percent, signedPercent } from './format.js';

function verdictText(row: ComparisonRow, paint: Paint): string {
  if (row.verdict === 'better') return paint('green', 'better');
  if (row.verdict === 'worse') return paint('red', 'WORSE');
  return paint('dim', 'not enough runs to tell');
}

export function renderCompareConsole(comparison: EvalComparison, options: { color: boolean }): string {
  const paint = painter(options.color);
  const lines = [`${paint('bold', 'mcpvet eval compare')}  A: ${comparison.a}  B: ${comparison.b}`, ''];
  const width = Math.max(4, ...comparison.rows.map((row) => row.task.length + (row.holdout ? 11 : 0)));
  for (const group of groupRows(comparison.rows)) {
    lines.push(paint('bold', group.label));
    for (const row of group.rows) {
      const task = `${row.task}${row.holdout ? ' (held out)' : ''}`.padEnd(width);
      const rates = `${percent(row.a.passRate).padStart(4)} (${row.a.passes}/${row.a.runs}) → ${percent(row.b.passRate).padStart(4)} (${row.b.passes}/${row.b.runs})`;
      lines.push(
        `  ${task}  ${rates}  ${signedPercent(row.difference).padStart(5)} ${differenceInterval(row.interval).padEnd(13)}  ${verdictText(row, paint)}`,
      );
    }
    lines.push('');
  }
  if (comparison.onlyInA.length > 0) lines.push(paint('dim', `only in A: ${comparison.onlyInA.join(', ')}`));
  if (comparison.onlyInB.length > 0) lines.push(paint('dim', `only in B: ${comparison.onlyInB.join(', ')}`));
  const better = comparison.rows.filter((row) => row.verdict === 'better').length;
  const unclear = comparison.rows.length - better - comparison.regressions;
  const worse = comparison.regressions > 0 ? paint('red', `${comparison.regressions} worse`) : `${comparison.regressions} worse`;
  lines.push(`${comparison.rows.length} tasks compared: ${better} better, ${worse}, ${unclear} not enough runs to tell (95% Newcombe intervals of B − A)`);
  return lines.join('\n') + '\n';
}

export function groupRows(rows: readonly ComparisonRow[]): Array<{ label: string; rows: ComparisonRow[] }> {
  return [...groupBy(rows, comboLabel)].map(([label, list]) => ({ label, rows: list }));
}
