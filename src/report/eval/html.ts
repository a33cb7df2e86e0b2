/**
 * The eval report as one self-contained page (the same shell and CSP as the check report, no
 * script: <details> folds): pass rates with their 95 % intervals per task and model (held-out
 * tasks apart), the confusion matrix, findings, and each run's transcript as a conversation with
 * tool calls and results folded; with --expected-failures, the baseline's verdict. Model and server
 * text is escaped and bounded.
 */
import { isExpectedTaskFailure, staleEntryOf } from '../../eval/baseline.js';
import { byCombo } from '../../eval/group.js';
import type { ConfusionCell, EvalReport, Metrics, RunRecord, TaskStats, ToolCallRecord, TranscriptFrame, TranscriptMessage } from '../../eval/types.js';
import { capList, TextBudget } from '../html/budget.js';
import { escapeHtml, renderPage } from '../html/page.js';
import { intervalBar } from '../html/svg.js';
import { STYLE } from '../html/styles.js';
import { formatDuration } from '../summary.js';
import { comboLabel, intervalText, percent, times, tokens, usd } from './format.js';

/** Transcripts in the page at most; the JSON report has every run. */
const MAX_RUNS_IN_PAGE = 500;
const MAX_TURNS_PER_RUN = 50;
const TEXT_CHARS = 10_000;
const MAX_MESSAGES_PER_RUN = 100;

const rateCells = (m: Metrics, threshold: number) =>
  `<td>${intervalBar(m.passRate, m.interval.low, m.interval.high, threshold)}</td><td>${percent(m.passRate)}</td><td>${intervalText(m.interval)}</td><td>${m.passes}/${m.runs}</td>`;

/** Whether the task meets its threshold, and what the baseline says of it. */
function thresholdCell(report: EvalReport, s: TaskStats): string {
  if (isExpectedTaskFailure(report, s)) return '<td class="warn">under (expected failure)</td>';
  if (staleEntryOf(report, s) !== undefined) return '<td class="fail">meets (stale baseline entry)</td>';
  return `<td class="${s.meetsThreshold ? 'pass' : 'fail'}">${s.meetsThreshold ? 'meets' : 'under'}</td>`;
}

function taskRows(report: EvalReport, entries: readonly TaskStats[], threshold: number): string {
  return entries
    .map(
      (s) =>
        `<tr><th scope="row"><code>${escapeHtml(s.task)}</code></th>${thresholdCell(report, s)}${rateCells(s, threshold)}<td>${percent(s.passAtK)} (k=${s.k})</td><td>${percent(s.passHatK)}</td></tr>`,
    )
    .join('');
}

const TASK_HEAD =
  '<tr><th scope="col">Task</th><th scope="col">Threshold</th><th scope="col">Pass rate and 95% interval</th><th scope="col">Rate</th><th scope="col">Interval</th><th scope="col">Passes</th><th scope="col">pass@k</th><th scope="col">pass^k</th></tr>';

function comboHtml(report: EvalReport, group: { model: string; variant?: string; entries: TaskStats[] }): string {
  const threshold = report.settings.threshold;
  const table = (title: string, entries: TaskStats[]) =>
    entries.length ? `<h4>${title}</h4><div class="scroll"><table>${TASK_HEAD}${taskRows(report, entries, threshold)}</table></div>` : '';
  const overall = report.overall.filter((o) => o.model === group.model && o.variant === group.variant);
  const overallRows = overall
    .map(
      (o) =>
        `<tr><th scope="row">${o.holdout ? 'held out' : 'overall'}</th>${rateCells(o, threshold)}<td>${tokens(o.inputTokens)} / ${tokens(o.outputTokens)}</td><td>${o.costUsd !== undefined ? usd(o.costUsd) : '–'}</td><td>${times(o.wallMs)}</td></tr>`,
    )
    .join('');
  return (
    `<section class="card"><h3>${escapeHtml(comboLabel(group))}</h3>` +
    `<div class="scroll"><table><tr><th scope="col">Tasks</th><th scope="col">Pass rate and 95% interval</th><th scope="col">Rate</th><th scope="col">Interval</th><th scope="col">Passes</th><th scope="col">Tokens in / out</th><th scope="col">Cost</th><th scope="col">Run p50/p95</th></tr>${overallRows}</table></div>` +
    table(
      'Tasks',
      group.entries.filter((s) => !s.holdout),
    ) +
    table(
      'Held-out tasks',
      group.entries.filter((s) => s.holdout),
    ) +
    '</section>'
  );
}

function confusionHtml(cells: readonly ConfusionCell[]): string {
  if (cells.length === 0) return '';
  const sections = byCombo(cells).map((group) => {
    const expected = [...new Set(group.entries.map((c) => c.expected))].sort();
    const actual = [...new Set(group.entries.map((c) => c.actual))].sort();
    const count = (e: string, a: string) => group.entries.filter((c) => c.expected === e && c.actual === a).reduce((n, c) => n + c.count, 0);
    const cell = (e: string, a: string) => {
      const n = count(e, a);
      return `<td class="${n === 0 ? 'muted' : e === a ? 'pass' : 'fail'}">${n}</td>`;
    };
    return (
      `<h3>${escapeHtml(comboLabel(group))}</h3><div class="scroll"><table><caption class="muted">Rows: the tool expected; columns: the tool called</caption>` +
      `<tr><th scope="col">expected \\ called</th>${actual.map((a) => `<th scope="col"><code>${escapeHtml(a)}</code></th>`).join('')}</tr>` +
      expected.map((e) => `<tr><th scope="row"><code>${escapeHtml(e)}</code></th>${actual.map((a) => cell(e, a)).join('')}</tr>`).join('') +
      '</table></div>'
    );
  });
  return `<h2 id="confusion">Tool confusion</h2>${sections.join('')}`;
}

function findingsHtml(report: EvalReport): string {
  if (report.findings.length === 0) return '';
  const items = report.findings.map(
    (f) =>
      `<li><strong>${escapeHtml(f.code)}</strong> <code>${escapeHtml(f.tool)}</code>${f.model ? ` <span class="muted">(${escapeHtml(f.model)})</span>` : ''}: ${escapeHtml(f.message)}</li>`,
  );
  return `<h2 id="eval-findings">Findings (${items.length})</h2><ul>${items.join('')}</ul>`;
}

const json = (value: unknown, budget: TextBudget): string => {
  try {
    return budget.take(JSON.stringify(value, null, 2) ?? 'undefined', TEXT_CHARS);
  } catch {
    return '(not JSON)';
  }
};

function toolCallHtml(call: ToolCallRecord, budget: TextBudget): string {
  const name = call.name || call.calledAs;
  const flags = [call.isError ? '<span class="fail">error</span>' : '', call.invalidArguments ? '<span class="warn">invalid arguments</span>' : '']
    .filter(Boolean)
    .join(' ');
  return (
    `<details class="tool"><summary>Tool call <code>${escapeHtml(name)}</code> ${flags} <span class="muted">${formatDuration(call.ms)}, ${call.resultBytes} bytes</span></summary>` +
    `<p><strong>Arguments</strong></p><pre>${escapeHtml(json(call.arguments, budget))}</pre>` +
    (call.error ? `<p class="fail">${escapeHtml(budget.take(call.error, TEXT_CHARS))}</p>` : '') +
    (call.result !== undefined ? `<p><strong>Result</strong></p><pre>${escapeHtml(json(call.result, budget))}</pre>` : '') +
    (call.frames?.length ? `<p><strong>MCP frames</strong></p>${call.frames.map((frame) => frameHtml(frame, budget)).join('')}` : '') +
    '</details>'
  );
}

function frameHtml(frame: TranscriptFrame, budget: TextBudget): string {
  const arrow = frame.direction === 'send' ? '→ sent' : '← received';
  const http = frame.http ? ` HTTP ${escapeHtml(frame.http.method)}${frame.http.status !== undefined ? ` ${frame.http.status}` : ''}` : '';
  const cut = frame.cut ? ` <span class="warn">(${frame.cut} more characters not kept)</span>` : '';
  return `<p class="muted">${arrow} +${frame.at} ms${http}${cut}</p><pre>${escapeHtml(budget.take(frame.text, TEXT_CHARS))}</pre>`;
}

function messagesHtml(run: RunRecord, budget: TextBudget): string {
  if (!run.messages?.length && !run.transcriptCut) return '';
  const { shown, omitted } = capList(run.messages ?? [], MAX_MESSAGES_PER_RUN);
  const item = (message: TranscriptMessage) =>
    `<p class="who">${escapeHtml(message.role)}${message.cut ? ` <span class="warn">(${message.cut} more characters not kept)</span>` : ''}</p>` +
    `<pre>${escapeHtml(typeof message.content === 'string' ? budget.take(message.content, TEXT_CHARS) : json(message.content, budget))}</pre>`;
  return (
    `<details class="tool"><summary>Messages sent to the model <span class="muted">(${run.messages?.length ?? 0}, with its replies)</span></summary>` +
    shown.map(item).join('') +
    (omitted ? `<p class="muted">… and ${omitted} more messages (the JSON report has them)</p>` : '') +
    (run.transcriptCut ? `<p class="warn">${escapeHtml(run.transcriptCut)}</p>` : '') +
    '</details>'
  );
}

function transcriptHtml(run: RunRecord, prompt: string | undefined, budget: TextBudget): string {
  const { shown, omitted } = capList(run.turns, MAX_TURNS_PER_RUN);
  const turns = shown.map(
    (turn, i) =>
      `<div class="msg model"><p class="who">Model, turn ${i + 1} <span class="muted">(${turn.finishReason}, ${turn.inputTokens}/${turn.outputTokens} tokens, ${formatDuration(turn.modelMs)})</span></p>` +
      (turn.text ? `<p>${escapeHtml(budget.take(turn.text, TEXT_CHARS)).replace(/\r?\n/g, '<br>')}</p>` : '') +
      turn.toolCalls.map((call) => toolCallHtml(call, budget)).join('') +
      '</div>',
  );
  const verdict = run.passed ? '<strong class="pass">passed</strong>' : '<strong class="fail">failed</strong>';
  const reasons = run.reasons.length
    ? `<p><strong>Why it failed</strong></p><ul>${run.reasons.map((r) => `<li>${escapeHtml(budget.take(r, 2000))}</li>`).join('')}</ul>`
    : '';
  return (
    `<details class="finding ${run.passed ? 'pass' : 'fail'} run"><summary>${verdict} <code>${escapeHtml(run.task)}</code> run ${run.run + 1} <span class="muted">${escapeHtml(comboLabel(run))}, ${run.turns.length} turns, ${formatDuration(run.wallMs)}</span></summary><div class="body">${reasons}` +
    `<div class="msg user"><p class="who">Task <code>${escapeHtml(run.task)}</code></p><p>${prompt !== undefined ? escapeHtml(budget.take(prompt, TEXT_CHARS)).replace(/\r?\n/g, '<br>') : '<span class="muted">(the tasks file holds its prompt)</span>'}</p></div>` +
    turns.join('') +
    (omitted ? `<p class="muted">… and ${omitted} more turns (the JSON report has them)</p>` : '') +
    `<div class="msg model"><p class="who">Answer</p><p>${escapeHtml(budget.take(run.answer, TEXT_CHARS)).replace(/\r?\n/g, '<br>') || '<span class="muted">(none)</span>'}</p></div>` +
    messagesHtml(run, budget) +
    (run.error ? `<p class="fail">Did not complete: ${escapeHtml(budget.take(run.error, 2000))}</p>` : '') +
    (run.judge
      ? `<p>Judge <code>${escapeHtml(run.judge.model)}</code>: ${run.judge.pass ? 'pass' : 'fail'}. ${escapeHtml(budget.take(run.judge.reasoning, 2000))}</p>`
      : '') +
    '</div></details>'
  );
}

function baselineHtml(report: EvalReport): string {
  const baseline = report.baseline;
  if (!baseline) return '';
  const list = (keys: string[]) => (keys.length > 0 ? keys.map((key) => `<code>${escapeHtml(key)}</code>`).join(', ') : 'none');
  return (
    `<section class="card"><h3>Baseline <code>${escapeHtml(baseline.file)}</code></h3><ul>` +
    `<li>Expected failures (listed, under the threshold): ${list(baseline.expected)}</li>` +
    `<li>Regressions (under the threshold, not listed): ${list(baseline.regressions)}</li>` +
    `<li>Stale (listed, meet the threshold now: remove them): ${list(baseline.stale)}</li></ul></section>`
  );
}

export function renderEvalHtml(report: EvalReport): string {
  const budget = new TextBudget();
  const under = report.tasks.filter((s) => !s.meetsThreshold);
  // With a baseline, the headline counts what fails the run: expected failures are said apart.
  const expected = under.filter((s) => isExpectedTaskFailure(report, s)).length;
  const failing = under.length - expected + (report.baseline?.stale.length ?? 0);
  const threshold = percent(report.settings.threshold);
  const verdict =
    under.length === 0
      ? `every task reached the threshold (${threshold})`
      : `${under.length} of ${report.tasks.length} tasks under the threshold (${threshold})${expected ? `, ${expected} of them expected failures` : ''}`;
  const stale = report.baseline?.stale.length ? `; ${report.baseline.stale.length} stale baseline entries` : '';
  // Failed runs first: they are what a person opens the report for.
  const ordered = [...report.runs.filter((r) => !r.passed), ...report.runs.filter((r) => r.passed)];
  const { shown, omitted } = capList(ordered, MAX_RUNS_IN_PAGE);
  const prompts = new Map(report.tasks.flatMap((stats) => (stats.prompt !== undefined ? [[stats.task, stats.prompt] as const] : [])));
  const body = [
    '<header>',
    '<h1>mcpvet eval</h1>',
    `<p><code>${escapeHtml(report.target)}</code> · ${report.runs.length} runs · ${escapeHtml(report.models.join(', '))} · started ${escapeHtml(report.startedAt)} · ${formatDuration(report.durationMs)}${report.replayed ? ' · replayed' : ''}</p>`,
    '<nav aria-label="Sections"><a href="#rates">Pass rates</a> · <a href="#confusion">Tool confusion</a> · <a href="#transcripts">Transcripts</a></nav>',
    '</header><main>',
    `<p class="big ${failing ? 'fail' : 'pass'}">${escapeHtml(verdict + stale)}</p>`,
    baselineHtml(report),
    `<h2 id="rates">Pass rates</h2><p class="muted">Each bar: the pass rate (dot) and its 95% Wilson interval (line); the dashed mark is the threshold. Held-out tasks are listed apart.</p>`,
    `<div class="cards">${byCombo(report.tasks)
      .map((group) => comboHtml(report, group))
      .join('')}</div>`,
    confusionHtml(report.confusion),
    findingsHtml(report),
    `<h2 id="transcripts">Transcripts (${report.runs.length})</h2>`,
    shown.map((run) => transcriptHtml(run, prompts.get(run.task), budget)).join(''),
    omitted ? `<p class="muted">… and ${omitted} more runs (the JSON report has them all)</p>` : '',
    '</main>',
  ].join('\n');
  return renderPage({ title: `mcpvet eval: ${report.target}`, style: STYLE, body });
}
