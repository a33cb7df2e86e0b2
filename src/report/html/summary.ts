/** The summary of a check run with pictures: verdicts by suite, requirement coverage, the era and how it was decided. */
import { requirementOf, revisionOf } from '../../check/requirements/index.js';
import { sectionUrl } from '../../check/requirements/model.js';
import type { CheckResult, RunReport, Status } from '../../check/types.js';
import { countStatuses, type Counts, describeRun, formatDuration, groupBySuite, STATUSES } from '../summary.js';
import { escapeHtml } from './page.js';
import { columnChart, lineChart, stackedBar } from './svg.js';

export const LABEL: Record<Status, string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', info: 'INFO', skip: 'SKIP', incomplete: 'INCOMPLETE', error: 'ERROR' };
const NAMES: Record<Status, string> = {
  pass: 'Passed',
  fail: 'Failed',
  warn: 'Warnings',
  info: 'Info',
  skip: 'Skipped',
  incomplete: 'Incomplete',
  error: 'Errors',
};
/** The columns of the verdict table (info only when some check gave a note). */
const COLUMNS: readonly Status[] = ['pass', 'fail', 'warn', 'skip', 'incomplete', 'error'];

const bar = (c: Counts) => stackedBar(STATUSES.map((status) => ({ value: c[status], className: `s-${status}` })));

function verdictTable(report: RunReport): string {
  const groups = groupBySuite(report.results);
  const total = countStatuses(report.results);
  const columns = total.info ? [...COLUMNS, 'info' as Status] : COLUMNS;
  const row = (name: string, c: Counts) =>
    `<tr><th scope="row">${name}</th><td>${bar(c)}</td>${columns.map((s) => `<td class="${c[s] ? s : 'muted'}">${c[s]}</td>`).join('')}</tr>`;
  return (
    `<div class="scroll"><table><caption class="muted">Verdicts by suite</caption><tr><th scope="col">Suite</th><th scope="col">Verdicts</th>${columns.map((s) => `<th scope="col">${NAMES[s]}</th>`).join('')}</tr>` +
    groups.map((g) => row(escapeHtml(g.suite), g.counts)).join('') +
    row('<strong>Total</strong>', total) +
    '</table></div>'
  );
}

function legend(): string {
  return `<p class="legend muted">${STATUSES.map((s) => `<span><svg aria-hidden="true" width="10" height="10"><rect class="s-${s}" width="10" height="10"></rect></svg> ${NAMES[s]}</span>`).join('')}</p>`;
}

type Coverage = 'broken' | 'verified' | 'undecided';

/** Per requirement the run named, what its checks concluded (broken wins over verified, which wins over undecided). */
function requirementVerdicts(results: readonly CheckResult[]): Map<string, Coverage> {
  const verdicts = new Map<string, Coverage>();
  const rank: Record<Coverage, number> = { undecided: 0, verified: 1, broken: 2 };
  for (const result of results) {
    const verdict: Coverage = ['fail', 'warn', 'error'].includes(result.status) ? 'broken' : result.status === 'pass' ? 'verified' : 'undecided';
    for (const id of result.requirements) {
      const before = verdicts.get(id);
      if (!before || rank[verdict] > rank[before]) verdicts.set(id, verdict);
    }
  }
  return verdicts;
}

function coverageCard(report: RunReport): string {
  // Requirement coverage is the conformance checks' own: other engines grade rules of their own.
  if (report.era === undefined || report.command !== undefined) return '';
  const revision = revisionOf(report.era);
  const verdicts = requirementVerdicts(report.results);
  const counted = revision.requirements.filter((r) => /^(MUST|SHOULD)/.test(r.level) && r.testable !== 'not-testable');
  const tally = { verified: 0, broken: 0, undecided: 0, none: 0 };
  for (const requirement of counted) tally[verdicts.get(requirement.id) ?? 'none']++;
  const broken = [...verdicts].filter(([, v]) => v === 'broken').map(([id]) => id);
  const link = (id: string) => {
    const requirement = requirementOf(revision.era, id);
    return requirement
      ? `<a href="${escapeHtml(sectionUrl(revision, requirement))}" title="${escapeHtml(requirement.rule)}"><code>${escapeHtml(id)}</code></a>`
      : `<code>${escapeHtml(id)}</code>`;
  };
  return (
    `<section class="card" aria-labelledby="coverage-h"><h2 id="coverage-h">Requirement coverage</h2>` +
    `<p>Of the ${counted.length} testable MUST/SHOULD requirements of MCP ${escapeHtml(revision.revision)}, this run</p>` +
    stackedBar([
      { value: tally.broken, className: 's-fail' },
      { value: tally.verified, className: 's-pass' },
      { value: tally.undecided, className: 's-skip' },
      { value: tally.none, className: 's-none' },
    ]) +
    `<ul><li class="pass">verified ${tally.verified}</li><li class="fail">found broken ${tally.broken}</li><li class="muted">could not decide ${tally.undecided}</li><li class="muted">did not test ${tally.none}</li></ul>` +
    (broken.length ? `<p>Broken here: ${broken.sort().map(link).join(', ')}</p>` : '') +
    '</section>'
  );
}

function eraCard(report: RunReport): string {
  if (report.era === undefined) return '';
  const run = describeRun(report);
  const era = (name: string) => `<span${report.era === name ? ' class="on"' : ''}>${name}</span>`;
  return (
    `<section class="card" aria-labelledby="era-h"><h2 id="era-h">Era</h2>` +
    `<p><span class="era" role="img" aria-label="era ${escapeHtml(run.era)}">${era('legacy')}${era('modern')}</span> protocol <code>${escapeHtml(run.protocolVersion)}</code></p>` +
    (report.eraReason ? `<p><strong>How it was decided:</strong> ${escapeHtml(report.eraReason)}</p>` : '') +
    '</section>'
  );
}

function verdictCard(report: RunReport): string {
  const total = countStatuses(report.results);
  const failed = total.fail + total.error;
  return (
    `<section class="card" aria-labelledby="verdict-h"><h2 id="verdict-h">Verdict</h2>` +
    `<p class="big ${failed ? 'fail' : 'pass'}">${failed ? `${failed} failed` : 'No failures'}</p>` +
    `<p>${total.pass} passed, ${total.warn} warnings, ${total.skip} skipped, ${total.incomplete} incomplete, ${report.results.length} ${report.command === undefined ? 'checks' : 'rules'} in ${formatDuration(report.durationMs)}</p></section>`
  );
}

/** A fuzz run's counts: what was sent to each tool, valid and invalid, and what broke. */
function fuzzCard(report: RunReport): string {
  const fuzz = report.extras?.fuzz;
  if (!fuzz) return '';
  const rows = fuzz.tools
    .map(
      (tool) =>
        `<tr><th scope="row"><code>${escapeHtml(tool.name)}</code></th><td>${tool.calls}</td><td>${tool.valid}</td><td>${tool.invalid}</td><td class="${tool.failures ? 'fail' : 'muted'}">${tool.failures}</td></tr>`,
    )
    .join('');
  return (
    `<section class="card" aria-labelledby="fuzz-h"><h2 id="fuzz-h">Fuzzing</h2>` +
    `<p>${fuzz.calls} calls (${Math.round(fuzz.callsPerSecond)}/s), seed <code>${fuzz.seed}</code>, ${fuzz.runs} runs per tool, ${fuzz.failures.length} failure${fuzz.failures.length === 1 ? '' : 's'}</p>` +
    `<div class="scroll"><table><caption class="muted">Calls by tool</caption><tr><th scope="col">Tool</th><th scope="col">Calls</th><th scope="col">Valid</th><th scope="col">Invalid</th><th scope="col">Failures</th></tr>${rows}</table></div></section>`
  );
}

const ms = (value: number): string => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value} ms`);

/** A load run's figures: throughput, percentiles, the latency histogram and the time series. */
function loadCard(report: RunReport): string {
  const load = report.extras?.load;
  if (!load) return '';
  const model = load.model.kind === 'open' ? `open model, ${load.model.rate} req/s` : `closed model, ${load.model.vus} virtual users`;
  const percentiles = (['p50', 'p90', 'p99', 'p99.9', 'max', 'mean'] as const)
    .map((name) => `<tr><th scope="row">${name}</th><td>${ms(load.latencyMs[name])}</td></tr>`)
    .join('');
  const bars = load.histogram
    .map((bar, index) => {
      const from = index === 0 ? '' : `${load.histogram[index - 1]!.upToMs} – `;
      return `<tr><th scope="row">${bar.upToMs === null ? `over ${load.histogram[index - 1]?.upToMs ?? 0}` : `${from}${bar.upToMs}`} ms</th><td>${bar.count}</td></tr>`;
    })
    .join('');
  const rates = load.series.map((point) => point.requests / point.widthS);
  const p99s = load.series.map((point) => point.p99Ms);
  const peak = load.series.reduce((worst, point) => (point.p99Ms > worst.p99Ms ? point : worst), load.series[0] ?? { atS: 0, p99Ms: 0 });
  const byRequest = Object.entries(load.byRequest)
    .map(
      ([key, stats]) =>
        `<tr><th scope="row"><code>${escapeHtml(key)}</code></th><td>${stats.requests}</td><td>${stats.errors}</td><td>${ms(stats.latencyMs.p50)}</td><td>${ms(stats.latencyMs.p99)}</td></tr>`,
    )
    .join('');
  const errors = Object.entries(load.errorsByClass)
    .map(([name, count]) => `${escapeHtml(name)} ×${count}`)
    .join(', ');
  return (
    `<section class="card" aria-labelledby="load-h"><h2 id="load-h">Load</h2>` +
    `<p>${load.requests} requests (${load.rps}/s), ${load.errors} errors (${(load.errorRate * 100).toFixed(2)} %), ${model}${load.replicas.length ? `, ${load.replicas.length + 1} instances` : ''}${errors ? `; ${errors}` : ''}</p>` +
    `<div class="scroll"><table><caption class="muted">Latency</caption>${percentiles}</table></div></section>` +
    `<section class="card" aria-labelledby="hist-h"><h2 id="hist-h">Latency histogram</h2>${columnChart(load.histogram.map((bar) => bar.count))}` +
    `<p class="muted">Requests by latency, on 1-2-5 ms edges (the counts are below), the last bar up to ${load.histogram.at(-1)?.upToMs === null ? 'any time' : `${load.histogram.at(-1)?.upToMs ?? 0} ms`}</p>` +
    `<details><summary>Counts</summary><table><tr><th scope="col">Latency</th><th scope="col">Requests</th></tr>${bars}</table></details></section>` +
    `<section class="card" aria-labelledby="series-h"><h2 id="series-h">Over time</h2>${lineChart([
      { values: rates, className: 'l-rate' },
      { values: p99s, className: 'l-p99' },
    ])}` +
    `<p class="legend"><span>blue: requests per second (peak ${Math.round(Math.max(0, ...rates))}/s)</span><span>red: p99 of each second (worst ${ms(peak.p99Ms)} at ${peak.atS} s)</span></p></section>` +
    (byRequest
      ? `<section class="card" aria-labelledby="req-h"><h2 id="req-h">By request</h2><div class="scroll"><table><tr><th scope="col">Request</th><th scope="col">Count</th><th scope="col">Errors</th><th scope="col">p50</th><th scope="col">p99</th></tr>${byRequest}</table></div></section>`
      : '')
  );
}

export function summaryHtml(report: RunReport): string {
  return `<div class="cards">${verdictCard(report)}${eraCard(report)}${coverageCard(report)}${fuzzCard(report)}${loadCard(report)}</div>${verdictTable(report)}${legend()}`;
}
