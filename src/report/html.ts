/**
 * One self-contained HTML page: inline CSS, no script, no external asset, and a
 * Content-Security-Policy that forbids both, so even a missed escape could not run code.
 * All server text is escaped. Shows the counts per suite, each failure/error/warning with
 * its evidence folded, and every check per suite.
 */
import type { CheckResult, RunReport, Status } from '../check/types.js';
import { baselineView, isExpectedFailure } from './baseline.js';
import { frameLine } from './frame-text.js';
import { redactReport } from './redact.js';
import {
  countStatuses,
  describeRun,
  findingsOf,
  formatDuration,
  groupBySuite,
  incompleteHints,
  locationText,
  qualifiedCode,
  specUrl,
  type Counts,
} from './summary.js';
import type { RenderOptions, Reporter } from './types.js';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Raw frame text kept per frame in the page; the JSON report has it whole. */
const RAW_CHARS_IN_PAGE = 10_000;

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1f2328}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem}code,pre{font:12px/1.4 ui-monospace,monospace}
pre{background:#f6f8fa;padding:.6rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #d0d7de;padding:.25rem .6rem;text-align:left;vertical-align:top}
.pass{color:#1a7f37}.fail,.error{color:#cf222e}.warn{color:#9a6700}.skip{color:#656d76}
.finding{border-left:4px solid #d0d7de;padding:.2rem .8rem;margin:1rem 0}.finding.fail,.finding.error{border-color:#cf222e}.finding.warn{border-color:#d4a72c}
.finding p{color:#1f2328}.muted{color:#656d76}`;

const LABEL: Record<Status, string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', info: 'INFO', skip: 'SKIP', incomplete: 'INCOMPLETE', error: 'ERROR' };

function countsRow(name: string, c: Counts): string {
  return `<tr><td>${name}</td><td class="pass">${c.pass}</td><td class="fail">${c.fail}</td><td class="warn">${c.warn}</td><td class="skip">${c.skip}</td><td class="skip">${c.incomplete}</td><td class="error">${c.error}</td></tr>`;
}

function evidenceHtml(result: CheckResult): string {
  const parts: string[] = [];
  for (const evidence of result.evidence) {
    const frames = evidence.frames ?? [];
    if (frames.length) parts.push(`<pre>${frames.map((f) => escapeHtml(frameLine(f, RAW_CHARS_IN_PAGE))).join('\n')}</pre>`);
    if (evidence.curl) parts.push(`<pre>$ ${escapeHtml(evidence.curl)}</pre>`);
    if (evidence.note) parts.push(`<pre>${escapeHtml(evidence.note)}</pre>`);
  }
  return parts.length ? `<details><summary>Evidence</summary>${parts.join('')}</details>` : '';
}

function findingHtml(report: RunReport, result: CheckResult): string {
  const expected = isExpectedFailure(report, result) ? ' <span class="muted">(expected failure)</span>' : '';
  const url = specUrl(result.spec, report.protocolVersion);
  return (
    `<div class="finding ${result.status}"><h3><span class="${result.status}">${LABEL[result.status]}</span> <code>${escapeHtml(result.id)}</code> ${escapeHtml(result.title)} <span class="muted">[${result.level}]</span>${expected}</h3>` +
    `<p>${escapeHtml(result.message).replace(/\r?\n/g, '<br>')}</p>${codesHtml(result)}` +
    `<p class="muted">Spec: <a href="${escapeHtml(url)}">${escapeHtml(result.spec)}</a></p>${evidenceHtml(result)}</div>`
  );
}

/** Each finding's code (`<check id>/<code>`) and location, for a person to baseline or look up. */
function codesHtml(result: CheckResult): string {
  const items = result.findings
    .filter((f) => f.code !== undefined)
    .map((f) => {
      const where = locationText(f.location);
      return `<li><code>${escapeHtml(qualifiedCode(result.id, f.code)!)}</code>${where ? ` <span class="muted">${escapeHtml(where)}</span>` : ''}</li>`;
    });
  return items.length ? `<ul class="muted">${items.join('')}</ul>` : '';
}

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

export function renderHtml(input: RunReport, options: RenderOptions): string {
  const report = redactReport(input, { secrets: options.secrets });
  const run = describeRun(report);
  const groups = groupBySuite(report.results);
  const total = countStatuses(report.results);
  const facts = [
    `<code>${escapeHtml(run.target)}</code> (${escapeHtml(run.transport)})`,
    `era ${escapeHtml(run.era)}`,
    `protocol <code>${escapeHtml(run.protocolVersion)}</code>`,
  ];
  if (run.server) facts.push(`server ${escapeHtml(run.server)}`);
  facts.push(`started ${escapeHtml(report.startedAt)}`, formatDuration(report.durationMs));
  const findings = findingsOf(report.results);
  const body = [
    `<h1>mcpvet ${escapeHtml(report.tool.version)} check</h1>`,
    `<p>${facts.join(' · ')}</p><p class="muted">${escapeHtml(report.eraReason)}</p>`,
    '<table><tr><th>Suite</th><th>Passed</th><th>Failed</th><th>Warnings</th><th>Skipped</th><th>Incomplete</th><th>Errors</th></tr>',
    ...groups.map((g) => countsRow(escapeHtml(g.suite), g.counts)),
    countsRow('<strong>Total</strong>', total),
    '</table>',
    findings.length ? `<h2>Findings (${findings.length})</h2>` : '<h2>No failures or warnings</h2>',
    ...findings.map((r) => findingHtml(report, r)),
    incompleteHtml(report),
    baselineHtml(report),
    '<h2>All checks</h2>',
    ...groups.map(
      (g) =>
        `<details${g.counts.fail || g.counts.error ? ' open' : ''}><summary><strong>${escapeHtml(g.suite)}</strong> (${g.results.length})</summary>` +
        `<table><tr><th>Status</th><th>Check</th><th>Title</th><th>Level</th><th>Message</th><th>Time</th></tr>${g.results.map(checkRow).join('')}</table></details>`,
    ),
  ];
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>mcpvet check: ${escapeHtml(run.target)}</title>`,
    `<style>${STYLE}</style></head><body>`,
    ...body,
    '</body></html>',
    '',
  ].join('\n');
}

const reporter: Reporter = { name: 'html', fileName: 'report.html', render: renderHtml };
export default reporter;
