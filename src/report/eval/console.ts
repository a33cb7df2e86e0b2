/**
 * The eval report for people: per model (and variant) a line per task with its pass rate, 95 %
 * interval and a bar, held-out tasks apart, an overall line; then tokens, cost and times, the tools'
 * cost, the confusions, the findings, the variant comparison, the runs `--until-confident` saved,
 * and with --expected-failures the baseline's verdict.
 */
import { isExpectedTaskFailure, staleEntryOf } from '../../eval/baseline.js';
import { byCombo } from '../../eval/group.js';
import { confusedCells } from '../../eval/confusion.js';
import type { EvalReport, Metrics, TaskStats } from '../../eval/types.js';
import { printable } from '../../wire/control-chars.js';
import { type Paint, painter } from '../ansi.js';
import { formatDuration } from '../summary.js';
import { bar, comboLabel, differenceInterval, intervalText, percent, savedTokens, signedPercent, times, tokens, usd } from './format.js';

function rateCells(metrics: Metrics): string {
  return `${bar(metrics.passRate)} ${percent(metrics.passRate).padStart(4)}  ${intervalText(metrics.interval).padEnd(9)}  ${`${metrics.passes}/${metrics.runs}`.padStart(7)}`;
}

function baselineNote(report: EvalReport, stats: TaskStats, paint: Paint): string {
  if (isExpectedTaskFailure(report, stats)) return paint('yellow', '  expected failure');
  return staleEntryOf(report, stats) !== undefined ? paint('red', '  stale baseline entry') : '';
}

function taskLine(report: EvalReport, stats: TaskStats, width: number, paint: Paint): string {
  const mark = stats.runs === 0 ? paint('dim', '-') : stats.meetsThreshold ? paint('green', '✓') : paint('red', '✗');
  const atK = stats.k > 1 ? `  pass@${stats.k} ${percent(stats.passAtK)}  pass^${stats.k} ${percent(stats.passHatK)}` : '';
  const saved = stats.runsSaved > 0 ? paint('dim', `  (${stats.runsSaved} runs saved)`) : '';
  return `  ${mark} ${stats.task.padEnd(width)}  ${rateCells(stats)}${atK}${saved}${baselineNote(report, stats, paint)}`;
}

/** Why a task's runs failed: its most frequent reasons, so a bad key or a wrong tool shows at once. */
const REASONS_SHOWN = 2;
function failureReasons(report: EvalReport, stats: TaskStats): string[] {
  const counts = new Map<string, number>();
  for (const run of report.runs)
    if (run.task === stats.task && run.model === stats.model && run.variant === stats.variant && !run.passed)
      for (const reason of run.reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, REASONS_SHOWN)
    .map(([reason, count]) => `      ${reason}${count > 1 ? ` (×${count})` : ''}`);
}

function usageLines(metrics: Metrics): string[] {
  const cost = metrics.costUsd !== undefined ? `, cost ${usd(metrics.costUsd)}` : '';
  return [
    `    tokens ${tokens(metrics.inputTokens)} in, ${tokens(metrics.outputTokens)} out${cost}; ${metrics.toolCallsPerRun.toFixed(1)} tool calls per run, ${metrics.toolErrors} tool errors, ${metrics.invalidArguments} invalid arguments`,
    `    time p50/p95: run ${times(metrics.wallMs)}, model ${times(metrics.modelMs)}, MCP ${times(metrics.mcpMs)}, one tool call ${times(metrics.toolCallMs)}`,
  ];
}

function comboSection(report: EvalReport, group: { model: string; variant?: string; entries: TaskStats[] }, paint: Paint): string[] {
  const width = Math.max(12, ...group.entries.map((stats) => stats.task.length));
  const lines = [paint('bold', comboLabel(group))];
  const seen = group.entries.filter((stats) => !stats.holdout);
  const held = group.entries.filter((stats) => stats.holdout);
  const withReasons = (stats: TaskStats) => [taskLine(report, stats, width, paint), ...failureReasons(report, stats).map((line) => paint('dim', line))];
  lines.push(...seen.flatMap(withReasons));
  if (held.length > 0) lines.push(paint('dim', '  held out (not tuned on):'), ...held.flatMap(withReasons));
  for (const overall of report.overall.filter((entry) => entry.model === group.model && entry.variant === group.variant)) {
    const name = overall.holdout ? 'held out' : 'overall';
    lines.push(`  ${paint('bold', `= ${name.padEnd(width)}`)}  ${rateCells(overall)}`, ...usageLines(overall));
  }
  return lines;
}

/** Expected failures, regressions and stale entries, each named so the user can edit the file. */
function baselineLines(report: EvalReport, paint: Paint): string[] {
  const baseline = report.baseline;
  if (!baseline) return [];
  const file = printable(baseline.file);
  return [
    paint('bold', `baseline: ${file}`),
    ...baseline.expected.map((key) => `  ${paint('yellow', 'expected  ')}  ${printable(key)} misses its threshold and is listed`),
    ...baseline.regressions.map((key) => `  ${paint('red', 'regression')}  ${printable(key)} misses its threshold and is not listed`),
    ...baseline.stale.map((entry) => `  ${paint('red', 'stale     ')}  ${printable(entry)} meets its threshold now: remove it from ${file}`),
    `  ${baseline.expected.length} expected failures, ${baseline.regressions.length} regressions, ${baseline.stale.length} stale entries`,
  ];
}

export function renderEvalConsole(report: EvalReport, options: { color: boolean }): string {
  const paint = painter(options.color);
  const { settings } = report;
  const lines = [
    `${paint('bold', 'mcpvet eval')}  ${report.target}${report.replayed ? paint('yellow', '  (replayed)') : ''}`,
    paint(
      'dim',
      `${report.models.join(', ')}; up to ${settings.runs} runs per task; threshold ${percent(settings.threshold)}; 95% Wilson intervals${report.variants ? `; variants from ${report.variants}` : ''}`,
    ),
    '',
  ];
  for (const group of byCombo(report.tasks)) lines.push(...comboSection(report, group, paint), '');

  if (report.tools.length > 0) {
    const width = Math.max(4, ...report.tools.map((tool) => tool.tool.length));
    lines.push(paint('bold', 'tools'), `  ${'tool'.padEnd(width)}  definition  largest result  calls`);
    for (const tool of report.tools)
      lines.push(
        `  ${tool.tool.padEnd(width)}  ${`${tool.definitionTokens} tok`.padStart(10)}  ${`${tool.maxResultBytes} B`.padStart(14)}  ${String(tool.calls).padStart(5)}`,
      );
    lines.push(
      paint('dim', `  the definitions cost ${tokens(report.tools.reduce((sum, tool) => sum + tool.definitionTokens, 0))} tokens in every request`),
      '',
    );
  }

  const confused = confusedCells(report.confusion);
  if (confused.length > 0) {
    lines.push(paint('bold', 'tool confusion (expected → called instead, in how many runs)'));
    for (const cell of confused) lines.push(`  ${comboLabel(cell)}: ${cell.expected} → ${cell.actual}  ×${cell.count}`);
    lines.push('');
  }

  if (report.findings.length > 0) {
    lines.push(paint('bold', 'findings'));
    for (const finding of report.findings) lines.push(`  ${paint('yellow', '!')} ${finding.code}  ${finding.tool}: ${finding.message}`);
    lines.push('');
  }

  if (report.variantComparison?.length) {
    lines.push(paint('bold', 'variants against the first'));
    for (const row of report.variantComparison) {
      const verdict = row.verdict === 'better' ? paint('green', 'better') : row.verdict === 'worse' ? paint('red', 'worse') : paint('dim', 'not enough runs');
      lines.push(
        `  ${row.task}  ${comboLabel(row)}: ${percent(row.a.passRate)} → ${percent(row.b.passRate)}  ${signedPercent(row.difference)} ${differenceInterval(row.interval)}  ${verdict}`,
      );
    }
    lines.push('');
  }

  const baseline = baselineLines(report, paint);
  if (baseline.length > 0) lines.push(...baseline, '');

  const runs = report.runs.length;
  const spent = report.runs.reduce((sum, run) => sum + run.inputTokens + run.outputTokens, 0);
  const saved = report.runsSaved > 0 ? `; --until-confident saved ${report.runsSaved} runs (about ${tokens(savedTokens(report))} tokens)` : '';
  lines.push(`${runs} runs in ${formatDuration(report.durationMs)}, ${tokens(spent)} tokens${saved}`);
  return lines.join('\n') + '\n';
}
