/**
 * Each failure, error and warning: requirement ids and spec link, the finding codes, the evidence
 * frames (HTTP status and headers, pretty JSON, raw text), the curl command with a copy button,
 * and a button that shows the check's frames in the trace viewer.
 */
import { requirementOf, revisionOf } from '../../check/requirements/index.js';
import { sectionUrl } from '../../check/requirements/model.js';
import type { CheckResult, Evidence, RunReport } from '../../check/types.js';
import type { Frame } from '../../wire/trace.js';
import { isExpectedFailure } from '../baseline.js';
import { locationText, qualifiedCode, ruleSource } from '../summary.js';
import { capList, TextBudget } from './budget.js';
import { ARROW, methodOf, prettyOf } from './frame-view.js';
import { escapeHtml } from './page.js';
import { LABEL } from './summary.js';

/** Shown per finding at most; the JSON report has them all. */
const MAX_EVIDENCE_ITEMS = 10;
const MAX_FRAMES_PER_ITEM = 20;
const MAX_CODES = 50;

const more = (omitted: number, what: string) => (omitted ? `<p class="muted">… and ${omitted} more ${what} (the JSON report has them all)</p>` : '');

function frameHtml(frame: Frame, budget: TextBudget): string {
  const head: string[] = [ARROW[frame.direction], frame.kind];
  if (frame.http && frame.direction === 'send') head.push(frame.http.method);
  const method = methodOf(frame);
  if (method) head.push(method);
  if (frame.http?.status !== undefined) head.push(`HTTP ${frame.http.status}`);
  const parts: string[] = [];
  if (frame.http) {
    const headers = Object.entries(frame.http.headers).slice(0, 40);
    parts.push(
      `<p class="muted">${escapeHtml(frame.http.method)} ${escapeHtml(budget.take(frame.http.url, 2000))}${frame.http.status !== undefined ? ` → <strong>${frame.http.status}</strong>` : ''}</p>`,
    );
    if (headers.length)
      parts.push(
        `<div class="scroll"><table><tr><th scope="col">Header</th><th scope="col">Value</th></tr>${headers.map(([n, v]) => `<tr><td><code>${escapeHtml(n)}</code></td><td><code>${escapeHtml(budget.take(v, 2000))}</code></td></tr>`).join('')}</table></div>`,
      );
  }
  const pretty = prettyOf(frame, budget);
  if (pretty !== undefined) parts.push(`<pre>${escapeHtml(pretty)}</pre>`);
  if (frame.parseError) parts.push(`<p class="fail">${escapeHtml(frame.parseError)}</p>`);
  const raw = `<pre>${escapeHtml(budget.take(frame.raw))}</pre>`;
  parts.push(pretty !== undefined ? `<details><summary>Raw text</summary>${raw}</details>` : raw);
  return `<details class="frame"><summary><code>#${frame.seq} ${escapeHtml(head.join(' '))}</code></summary>${parts.join('')}</details>`;
}

/** Per page: numbers the curl blocks the copy buttons point at. */
interface PageState {
  budget: TextBudget;
  curls: number;
}

function evidenceHtml(evidence: Evidence, state: PageState): string {
  const { budget } = state;
  const parts: string[] = [];
  if (evidence.note) parts.push(`<pre>${escapeHtml(budget.take(evidence.note))}</pre>`);
  const { shown, omitted } = capList(evidence.frames ?? [], MAX_FRAMES_PER_ITEM);
  parts.push(...shown.map((frame) => frameHtml(frame, budget)), more(omitted, 'frames'));
  if (evidence.curl) {
    const id = `curl-${++state.curls}`;
    parts.push(
      `<div class="curl"><button type="button" class="copy" data-copy="${id}">Copy curl command</button><pre id="${id}">${escapeHtml(budget.take(evidence.curl, 20_000))}</pre></div>`,
    );
  }
  return parts.join('');
}

function requirementsHtml(report: RunReport, result: CheckResult): string {
  if (result.requirements.length === 0 || report.era === undefined) return '';
  const revision = revisionOf(report.era);
  const items = result.requirements.map((id) => {
    const requirement = requirementOf(revision.era, id);
    const code = `<code>${escapeHtml(id)}</code>`;
    return requirement
      ? `<li><a href="${escapeHtml(sectionUrl(revision, requirement))}">${code}</a> ${escapeHtml(requirement.level === 'none' ? '' : requirement.level)} ${escapeHtml(requirement.rule)}</li>`
      : `<li>${code}</li>`;
  });
  return `<p><strong>Requirement${items.length > 1 ? 's' : ''}</strong></p><ul>${items.join('')}</ul>`;
}

/** Each finding's code (`<check id>/<code>`) and location, for a person to baseline or look up. */
function codesHtml(result: CheckResult): string {
  const { shown, omitted } = capList(
    result.findings.filter((f) => f.code !== undefined),
    MAX_CODES,
  );
  const items = shown.map((f) => {
    const where = locationText(f.location);
    return `<li><code>${escapeHtml(qualifiedCode(result.id, f.code)!)}</code>${where ? ` <span class="muted">${escapeHtml(where)}</span>` : ''}</li>`;
  });
  return items.length ? `<ul class="muted">${items.join('')}</ul>${more(omitted, 'findings')}` : '';
}

function sourceHtml(report: RunReport, result: CheckResult): string {
  const source = ruleSource(report, result);
  if (source.text === '') return '';
  const text = escapeHtml(source.text);
  return `<p>${source.label}: ${source.url ? `<a href="${escapeHtml(source.url)}">${text}</a>` : text}</p>`;
}

function findingHtml(report: RunReport, result: CheckResult, state: PageState): string {
  const expected = isExpectedFailure(report, result) ? ' <span class="muted">(expected failure)</span>' : '';
  const { shown, omitted } = capList(result.evidence, MAX_EVIDENCE_ITEMS);
  const hasFrames = result.evidence.some((e) => e.frames?.length);
  return (
    `<details class="finding ${result.status}" data-finding="${escapeHtml(result.id)}"><summary><strong class="${result.status}">${LABEL[result.status]}</strong> <code>${escapeHtml(result.id)}</code> ${escapeHtml(result.title)} <span class="muted">[${result.level}]</span>${expected}</summary><div class="body">` +
    `<p>${escapeHtml(result.message).replace(/\r?\n/g, '<br>')}</p>${codesHtml(result)}` +
    requirementsHtml(report, result) +
    sourceHtml(report, result) +
    (hasFrames ? `<p><button type="button" class="show-trace" data-check="${escapeHtml(result.id)}">Show its frames in the trace viewer</button></p>` : '') +
    (shown.length ? `<h3>Evidence</h3>${shown.map((e) => evidenceHtml(e, state)).join('')}${more(omitted, 'evidence items')}` : '') +
    '</div></details>'
  );
}

export function findingsHtml(report: RunReport, findings: readonly CheckResult[]): string {
  const state: PageState = { budget: new TextBudget(3_000_000), curls: 0 };
  if (findings.length === 0) return '<h2 id="findings">No failures or warnings</h2>';
  return `<h2 id="findings">Findings (${findings.length})</h2>${findings.map((r) => findingHtml(report, r, state)).join('')}`;
}
