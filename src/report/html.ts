/**
 * The HTML report of a check run: one self-contained page (see html/page.ts for its CSP) with a
 * summary in pictures, every finding with its evidence, a trace viewer, and every check.
 * All server text is escaped, and bounded (html/budget.ts): a huge server cannot make a huge page.
 */
import type { CheckResult, RunReport } from '../check/types.js';
import { baselineView } from './baseline.js';
import { findingsHtml } from './html/findings.js';
import { escapeHtml, renderPage } from './html/page.js';
import { SCRIPT } from './html/script.js';
import { STYLE } from './html/styles.js';
import { LABEL, summaryHtml } from './html/summary.js';
import { traceHtml } from './html/trace.js';
import { traceData } from './html/trace-data.js';
import { redactReport } from './redact.js';
import { commandOf, describeRun, findingsOf, formatDuration, groupBySuite, incompleteHints } from './summary.js';
import type { RenderOptions, Reporter } from './types.js';

export { escapeHtml };

function incompleteHtml(report: RunReport): string {
  const hints = incompleteHints(report.results);
  if (hints.length === 0) return '';
  const rows = report.results.filter((r) => r.status === 'incomplete').map((r) => `<li><code>${escapeHtml(r.id)}</code>: ${escapeHtml(r.message)}</li>`);
  return `<h2>Incomplete: checks that could not decide (${rows.length})</h2><p>${escapeHtml(hints[0]!)}</p><ul>${hints
    .slice(1)
    .map((h) => `<li>${escapeHtml(h.trim())}</li>`)
    .join('')}</ul><details><summary>Checks</summary><ul>${rows.join('')}</ul></details>`;
}

function checkRow(result: CheckResult): string {
  return `<tr><td class="${result.status}">${LABEL[result.status]}</td><td><code>${escapeHtml(result.id)}</code></td><td>${escapeHtml(result.title)}</td><td>${result.level}</td><td>${escapeHtml(result.message)}</td><td>${formatDuration(result.durationMs)}</td></tr>`;
}

function baselineHtml(report: RunReport): string {
  const view = baselineView(report);
  if (!view) return '';
  const list = (ids: string[]) => (ids.length ? ids.map((id) => `<code>${escapeHtml(id)}</code>`).join(', ') : 'none');
  return (
    `<h2>Baseline <code>${escapeHtml(view.file)}</code></h2><ul>` +
    `<li>Expected failures: ${list(view.expected)}</li>` +
    `<li class="fail">Regressions (fail, not listed): ${list(view.regressions)}</li>` +
    (view.unlistedWarnings.length ? `<li class="warn">Unlisted warnings (fail only with --strict-warnings): ${list(view.unlistedWarnings)}</li>` : '') +
    `<li class="fail">Stale (listed, pass now: remove them): ${list(view.stale)}</li></ul>`
  );
}

function allChecksHtml(report: RunReport): string {
  return (
    '<h2>All checks</h2>' +
    groupBySuite(report.results)
      .map(
        (g) =>
          `<details${g.counts.fail || g.counts.error ? ' open' : ''}><summary><strong>${escapeHtml(g.suite)}</strong> (${g.results.length})</summary>` +
          `<div class="scroll"><table><tr><th scope="col">Status</th><th scope="col">Check</th><th scope="col">Title</th><th scope="col">Level</th><th scope="col">Message</th><th scope="col">Time</th></tr>${g.results.map(checkRow).join('')}</table></div></details>`,
      )
      .join('')
  );
}

export function renderHtml(input: RunReport, options: RenderOptions): string {
  const report = redactReport(input, { secrets: options.secrets });
  const run = describeRun(report);
  const findings = findingsOf(report.results);
  // The viewer carries the findings' frames first, so a cap never drops what a person came for.
  const trace = traceData([...findings, ...report.results.filter((r) => !findings.includes(r))]);
  const facts = [`<code>${escapeHtml(run.target)}</code>${report.transport ? ` (${escapeHtml(run.transport)})` : ''}`];
  if (report.protocolVersion) facts.push(`protocol <code>${escapeHtml(run.protocolVersion)}</code>`);
  if (run.server) facts.push(`server ${escapeHtml(run.server)}`);
  facts.push(`started ${escapeHtml(report.startedAt)}`, formatDuration(report.durationMs));
  const body = [
    '<header>',
    `<h1>mcpvet ${escapeHtml(report.tool.version)} ${commandOf(report)}</h1>`,
    `<p>${facts.join(' · ')}</p>`,
    '<nav aria-label="Sections"><a href="#findings">Findings</a> · <a href="#trace-h">Trace viewer</a> · <a href="#all-checks">All checks</a></nav>',
    '</header><main>',
    summaryHtml(report),
    findingsHtml(report, findings),
    incompleteHtml(report),
    baselineHtml(report),
    traceHtml(trace),
    `<div id="all-checks">${allChecksHtml(report)}</div>`,
    '<p id="live" class="muted" role="status" aria-live="polite"></p>',
    '</main>',
  ].join('\n');
  return renderPage({ title: `mcpvet ${commandOf(report)}: ${run.target}`, style: STYLE, body, script: SCRIPT, data: { trace } });
}

const reporter: Reporter = { name: 'html', render: renderHtml };
export default reporter;
