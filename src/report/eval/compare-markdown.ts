/** `mcpvet eval compare` as a CI job summary: the verdict first, then a table of tasks. */
import type { EvalComparison } from '../../eval/types.js';
import { mdText } from '../markdown.js';
import { groupRows } from './compare-console.js';
import { differenceInterval, percent, signedPercent } from './format.js';

const VERDICT = { better: '✅ better', worse: '❌ worse', 'not-enough-runs': 'not enough runs' } as const;

export function renderCompareMarkdown(comparison: EvalComparison): string {
  const headline =
    comparison.regressions > 0
      ? `❌ ${comparison.regressions} task${comparison.regressions === 1 ? '' : 's'} regressed significantly`
      : '✅ no significant regression';
  const lines = [
    `## mcpvet eval compare: ${headline}`,
    '',
    `A: \`${comparison.a.replace(/`/g, "'")}\`, B: \`${comparison.b.replace(/`/g, "'")}\`. Differences are B − A with 95% Newcombe intervals.`,
    '',
  ];
  for (const group of groupRows(comparison.rows)) {
    lines.push(`### ${mdText(group.label)}`, '', '| task | A | B | difference | 95% interval | verdict |', '|---|---|---|---|---|---|');
    for (const row of group.rows)
      lines.push(
        `| ${mdText(row.task)}${row.holdout ? ' *(held out)*' : ''} | ${percent(row.a.passRate)} (${row.a.passes}/${row.a.runs}) | ${percent(row.b.passRate)} (${row.b.passes}/${row.b.runs}) | ${signedPercent(row.difference)} | ${differenceInterval(row.interval)} | ${VERDICT[row.verdict]} |`,
      );
    lines.push('');
  }
  if (comparison.onlyInA.length > 0) lines.push(`Only in A: ${comparison.onlyInA.map(mdText).join(', ')}`, '');
  if (comparison.onlyInB.length > 0) lines.push(`Only in B: ${comparison.onlyInB.map(mdText).join(', ')}`, '');
  return lines.join('\n');
}
