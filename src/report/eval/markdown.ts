/**
 * The eval report as a CI job summary (e.g. $GITHUB_STEP_SUMMARY): a table of tasks per model (and
 * variant) with pass rates and intervals, held-out tasks marked, the overall lines with tokens,
 * cost and times, then confusions, findings, the variant comparison and the baseline's verdict
 * (with --expected-failures, whose expected failures are marked in the tables). Task ids, tool names and
 * messages are escaped: they cannot inject HTML or break a table.
 */
import { isExpectedTaskFailure, staleEntryOf } from '../../eval/baseline.js';
import { byCombo } from '../../eval/group.js';
import { confusedCells } from '../../eval/confusion.js';
import type { EvalReport, Metrics, TaskStats } from '../../eval/types.js';
import { oneLine } from '../../wire/control-chars.js';
import { mdText } from '../markdown.js';
import { formatDuration } from '../summary.js';
import { comboLabel, differenceInterval, intervalText, percent, savedTokens, signedPercent, times, tokens, usd } from './format.js';

const rate = (metrics: Metrics) => `${percent(metrics.passRate)} | ${intervalText(metrics.interval)} | ${metrics.passes}/${metrics.runs}`;

function mark(report: EvalReport, stats: TaskStats): string {
  if (isExpectedTaskFailure(report, stats)) return '⚠️ expected';
  if (staleEntryOf(report, stats) !== undefined) return '❌ stale';
  return stats.meetsThreshold ? '✅' : '❌';
}

function verdictOf(report: EvalReport): string {
  const threshold = percent(report.settings.threshold);
  const expected = report.tasks.filter((stats) => isExpectedTaskFailure(report, stats)).length;
  const failing = report.tasks.filter((stats) => !stats.meetsThreshold).length - expected;
  const stale = report.baseline?.stale.length ?? 0;
  const tolerated = expected > 0 ? `; ${expected} expected failures` : '';
  if (failing === 0 && stale === 0)
    return expected === 0 ? `✅ every task reached the threshold (${threshold})` : `✅ no regression against the baseline (threshold ${threshold}${tolerated})`;
  const problems = [
    ...(failing > 0 ? [`${failing} of ${report.tasks.length} tasks under the threshold (${threshold})`] : []),
    ...(stale > 0 ? [`${stale} stale baseline entries`] : []),
  ];
  return `❌ ${problems.join(', ')}${tolerated}`;
}

/** A file name or task key as inline code on one line. */
const code = (text: string): string => `\`${oneLine(text).replace(/`/g, "'")}\``;

function baselineSection(report: EvalReport): string[] {
  const baseline = report.baseline;
  if (!baseline) return [];
  const list = (keys: string[]) => (keys.length > 0 ? keys.map(code).join(', ') : 'none');
  return [
    `### Baseline ${code(baseline.file)}`,
    '',
    `- Expected failures (listed, under the threshold): ${list(baseline.expected)}`,
    `- Regressions (under the threshold, not listed): ${list(baseline.regressions)}`,
    `- Stale (listed, meet the threshold now: remove them): ${list(baseline.stale)}`,
    '',
  ];
}

export function renderEvalMarkdown(report: EvalReport): string {
  const verdict = verdictOf(report);
  const lines = [
    `## mcpvet eval: ${verdict}`,
    '',
    `Server \`${mdText(report.target).replace(/`/g, "'")}\`, ${report.runs.length} runs in ${formatDuration(report.durationMs)}${report.replayed ? ' (replayed)' : ''}. Intervals are 95% Wilson intervals.`,
    '',
  ];
  for (const group of byCombo(report.tasks)) {
    lines.push(`### ${mdText(comboLabel(group))}`, '', '| | task | pass rate | 95% interval | passes | pass@k | pass^k |', '|---|---|---|---|---|---|---|');
    for (const stats of group.entries) {
      const task = `${mdText(stats.task)}${stats.holdout ? ' *(held out)*' : ''}`;
      lines.push(`| ${mark(report, stats)} | ${task} | ${rate(stats)} | ${percent(stats.passAtK)} (k=${stats.k}) | ${percent(stats.passHatK)} |`);
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
  lines.push(...baselineSection(report));
  if (report.runsSaved > 0) lines.push(`\`--until-confident\` saved ${report.runsSaved} runs (about ${tokens(savedTokens(report))} tokens).`, '');
  return lines.join('\n');
}
