/**
 * The eval report as a CI job summary (e.g. $GITHUB_STEP_SUMMARY): a table of tasks per model (and
 * variant) with pass rates and intervals, held-out tasks marked, the overall lines with tokens,
 * cost and times, then confusions, findings and the variant comparison. Task ids, tool names and
 * messages are escaped: they cannot inject HTML or break a table.
 */
import { byCombo } from '../../eval/group.js';
import { confusedCells } from '../../eval/confusion.js';
import type { EvalReport, Metrics } from '../../eval/types.js';
import { mdText } from '../markdown.js';
import { formatDuration } from '../summary.js';
import { comboLabel, differenceInterval, intervalText, percent, savedTokens, signedPercent, times, tokens, usd } from './format.js';

const rate = (metrics: Metrics) => `${percent(metrics.passRate)} | ${intervalText(metrics.interval)} | ${metrics.passes}/${metrics.runs}`;

export function renderEvalMarkdown(report: EvalReport): string {
  const failing = report.tasks.filter((stats) => !stats.meetsThreshold).length;
  const verdict =
    failing === 0
      ? `✅ every task reached the threshold (${percent(report.settings.threshold)})`
      : `❌ ${failing} of ${report.tasks.length} tasks under the threshold (${percent(report.settings.threshold)})`;
  const lines = [
    `## mcpvet eval: ${verdict}`,
    '',
    `Server \`${mdText(report.target).replace(/`/g, "'")}\`, ${report.runs.length} runs in ${formatDuration(report.durationMs)}${report.replayed ? ' (replayed)' : ''}. Intervals are 95% Wilson intervals.`,
    '',
  ];
  for (const group of byCombo(report.tasks)) {
    lines.push(`### ${mdText(comboLabel(group))}`, '', '| | task | pass rate | 95% interval | passes | pass@k | pass^k |', '|---|---|---|---|---|---|---|');
    for (const stats of group.entries) {
      const mark = stats.meetsThreshold ? '✅' : '❌';
      const task = `${mdText(stats.task)}${stats.holdout ? ' *(held out)*' : ''}`;
      lines.push(`| ${mark} | ${task} | ${rate(stats)} | ${percent(stats.passAtK)} (k=${stats.k}) | ${percent(stats.passHatK)} |`);
    }
    lines.push(
      '',
      '| | pass rate | 95% interval | passes | tokens in / out | cost | run p50/p95 | model p50/p95 | MCP p50/p95 |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const overall of report.overall.filter((entry) => entry.model === group.model && entry.variant === group.variant))
      lines.push(
        `| **${overall.holdout ? 'held out' : 'overall'}** | ${rate(overall)} | ${tokens(overall.inputTokens)} / ${tokens(overall.outputTokens)} | ${overall.costUsd !== undefined ? usd(overall.costUsd) : '–'} | ${times(overall.wallMs)} | ${times(overall.modelMs)} | ${times(overall.mcpMs)} |`,
      );
    lines.push('');
  }
  const confused = confusedCells(report.confusion);
  if (confused.length > 0) {
    lines.push('### Tool confusion', '', '| model | expected | called instead | runs |', '|---|---|---|---|');
    for (const cell of confused) lines.push(`| ${mdText(comboLabel(cell))} | ${mdText(cell.expected)} | ${mdText(cell.actual)} | ${cell.count} |`);
    lines.push('');
  }
  if (report.findings.length > 0) {
    lines.push('### Findings', '');
    for (const finding of report.findings) lines.push(`- **${finding.code}** \`${finding.tool.replace(/`/g, "'")}\`: ${mdText(finding.message)}`);
    lines.push('');
  }
  if (report.variantComparison?.length) {
    lines.push(
      '### Variants against the first',
      '',
      '| task | model / variant | first | this | difference | 95% interval | verdict |',
      '|---|---|---|---|---|---|---|',
    );
    for (const row of report.variantComparison)
      lines.push(
        `| ${mdText(row.task)} | ${mdText(comboLabel(row))} | ${percent(row.a.passRate)} | ${percent(row.b.passRate)} | ${signedPercent(row.difference)} | ${differenceInterval(row.interval)} | ${row.verdict} |`,
      );
    lines.push('');
  }
  if (report.tools.length > 0) {
    lines.push(
      '<details><summary>Tools: definition tokens, largest result, calls</summary>',
      '',
      '| tool | definition tokens | largest result (bytes) | calls |',
      '|---|---|---|---|',
    );
    for (const tool of report.tools) lines.push(`| ${mdText(tool.tool)} | ${tool.definitionTokens} | ${tool.maxResultBytes} | ${tool.calls} |`);
    lines.push('', '</details>', '');
  }
  if (report.runsSaved > 0) lines.push(`\`--until-confident\` saved ${report.runsSaved} runs (about ${tokens(savedTokens(report))} tokens).`, '');
  return lines.join('\n');
}
