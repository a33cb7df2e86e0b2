/**
 * A CI job summary (e.g. $GITHUB_STEP_SUMMARY): a verdict heading, a table of counts per
 * suite, then each failure, error and warning with its message, spec link and evidence
 * folded in <details>; skipped checks folded by reason; the baseline verdict. Server text is
 * escaped (it cannot inject HTML or break out of a code block).
 */
import type { CheckResult, RunReport } from '../check/types.js';
import { baselineView, isExpectedFailure } from './baseline.js';
import { FRAMES_SHOWN, frameLine, oneLine } from './frame-text.js';
import { redactReport } from './redact.js';
import {
  countStatuses,
  describeRun,
  commandOf,
  findingsOf,
  formatDuration,
  groupBySuite,
  incompleteHints,
  locationText,
  qualifiedCode,
  ruleSource,
  type Counts,
} from './summary.js';
import type { RenderOptions, Reporter } from './types.js';

/** Text in a paragraph or table cell: no HTML, no emphasis or links, no broken rows. */
export function mdText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|~#])/g, '\\$1');
}

function sourceLines(report: RunReport, result: CheckResult): string[] {
  const source = ruleSource(report, result);
  if (source.text === '') return [];
  return [source.url ? `${source.label}: [${mdText(source.text)}](${source.url})` : `${source.label}: ${mdText(source.text)}`, ''];
}

function mdCode(text: string): string {
  const clean = oneLine(text).replace(/`/g, "'");
  return `\`${clean}\``;
}

/** A fence longer than any run of backticks inside, so frames cannot close it early. */
function codeBlock(lines: string[], language: string): string[] {
  const longest = Math.max(2, ...lines.map((l) => Math.max(0, ...(l.match(/`+/g) ?? []).map((run) => run.length))));
  const fence = '`'.repeat(longest + 1);
  return [fence + language, ...lines, fence];
}

const ICON = { fail: '❌', error: '💥', warn: '⚠️' } as const;

function verdict(counts: Counts): string {
  const bad = [
    counts.fail && `${counts.fail} failed`,
    counts.error && `${counts.error} errors`,
    counts.warn && `${counts.warn} warnings`,
    counts.incomplete && `${counts.incomplete} incomplete`,
  ].filter(Boolean);
  return bad.length ? bad.join(', ') : `all ${counts.pass} passed`;
}

function countsRow(name: string, c: Counts): string {
  return `| ${name} | ${c.pass} | ${c.fail} | ${c.warn} | ${c.skip} | ${c.incomplete} | ${c.error} |`;
}

function evidenceBlock(result: CheckResult, verbose: boolean): string[] {
  const text: string[] = [];
  const curls: string[] = [];
  let frameCount = 0;
  for (const evidence of result.evidence) {
    const frames = evidence.frames ?? [];
    frameCount += frames.length;
    const shown = verbose ? frames : frames.slice(0, FRAMES_SHOWN);
    for (const f of shown) text.push(frameLine(f, verbose ? 4000 : 1000));
    if (shown.length < frames.length) text.push(`… ${frames.length - shown.length} more frames in report.json`);
    if (evidence.note) text.push(...evidence.note.split(/\r?\n/).map(oneLine));
    if (evidence.curl) curls.push(oneLine(evidence.curl));
  }
  if (text.length === 0 && curls.length === 0) return [];
  const out = ['<details><summary>Evidence' + (frameCount ? ` (${frameCount} frames)` : '') + '</summary>', ''];
  if (text.length) out.push(...codeBlock(text, 'text'), '');
  if (curls.length) out.push(...codeBlock(curls, 'sh'), '');
  out.push('</details>', '');
  return out;
}

function findingSection(report: RunReport, result: CheckResult, verbose: boolean): string[] {
  const icon = ICON[result.status as keyof typeof ICON];
  const expected = isExpectedFailure(report, result) ? ' · expected failure' : '';
  return [
    `#### ${icon} ${mdCode(result.id)}: ${mdText(result.title)} (${result.level}${expected})`,
    '',
    result.message.split(/\r?\n/).map(mdText).join('  \n'),
    '',
    ...sourceLines(report, result),
    ...codeLines(result),
    ...evidenceBlock(result, verbose),
  ];
}

/** Each finding's code (`<check id>/<code>`, what a baseline entry may name) and location. */
function codeLines(result: CheckResult): string[] {
  const lines = result.findings
    .filter((f) => f.code !== undefined)
    .map((f) => {
      const where = locationText(f.location);
      return `- Code ${mdCode(qualifiedCode(result.id, f.code)!)}${where ? ` (${mdText(where)})` : ''}`;
    });
  return lines.length ? [...lines, ''] : [];
}

/** Checks that could not decide, apart from skips, with what would let them run. */
function incompleteSection(results: CheckResult[]): string[] {
  const hints = incompleteHints(results);
  if (hints.length === 0) return [];
  const items = results.filter((r) => r.status === 'incomplete').map((r) => `- ${mdCode(r.id)}: ${mdText(r.message.split(/\r?\n/)[0]!)}`);
  return [
    `### Incomplete (${items.length})`,
    '',
    mdText(hints[0]!),
    '',
    ...hints.slice(1).map((h) => `- ${mdText(h.trim())}`),
    '',
    `<details><summary>Checks that could not decide</summary>`,
    '',
    ...items,
    '',
    '</details>',
    '',
  ];
}

function skippedSection(results: CheckResult[]): string[] {
  const skipped = results.filter((r) => r.status === 'skip');
  if (skipped.length === 0) return [];
  const byReason = new Map<string, string[]>();
  for (const r of skipped) {
    const reason = r.message.split(/\r?\n/)[0]!.replace(/[.:\s]+$/, '') || 'no reason given';
    byReason.set(reason, [...(byReason.get(reason) ?? []), r.id]);
  }
  const items = [...byReason].map(([reason, ids]) => `- ${mdText(reason)}: ${ids.map(mdCode).join(', ')}`);
  return [`<details><summary>Skipped (${skipped.length})</summary>`, '', ...items, '', '</details>', ''];
}

function baselineSection(report: RunReport): string[] {
  const view = baselineView(report);
  if (!view) return [];
  const list = (ids: string[]) => (ids.length ? ids.map(mdCode).join(', ') : 'none');
  return [
    `### Baseline ${mdCode(view.file)}`,
    '',
    `- Expected failures: ${list(view.expected)}`,
    `- Regressions (fail, not listed): ${list(view.regressions)}`,
    ...(view.unlistedWarnings.length ? [`- Unlisted warnings (fail only with --strict-warnings): ${list(view.unlistedWarnings)}`] : []),
    `- Stale (listed, pass now: remove them): ${list(view.stale)}`,
    '',
  ];
}

export function renderMarkdown(input: RunReport, options: RenderOptions): string {
  const report = redactReport(input, { secrets: options.secrets });
  const verbose = options.verbose === true;
  const run = describeRun(report);
  const groups = groupBySuite(report.results);
  const total = countStatuses(report.results);
  const facts = [
    `${mdCode(run.target)}${report.transport ? ` (${run.transport})` : ''}`,
    ...(report.era ? [`era ${run.era}`, `protocol ${mdCode(run.protocolVersion)}`] : []),
  ];
  if (run.server) facts.push(`server ${mdText(run.server)}`);
  facts.push(formatDuration(report.durationMs));
  const out = [
    `## mcpvet ${commandOf(report)}: ${verdict(total)}`,
    '',
    facts.join(' · '),
    '',
    '| Suite | Passed | Failed | Warnings | Skipped | Incomplete | Errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...groups.map((g) => countsRow(mdText(g.suite), g.counts)),
    countsRow('**Total**', total),
    '',
  ];
  const findings = findingsOf(report.results);
  const titles = { fail: 'Failures', error: 'Errors: checks that could not run', warn: 'Warnings' } as const;
  for (const status of ['fail', 'error', 'warn'] as const) {
    const list = findings.filter((r) => r.status === status);
    if (list.length === 0) continue;
    out.push(`### ${titles[status]} (${list.length})`, '');
    for (const result of list) out.push(...findingSection(report, result, verbose));
  }
  out.push(...incompleteSection(report.results), ...skippedSection(report.results), ...baselineSection(report));
  return out.join('\n');
}

const reporter: Reporter = { name: 'markdown', render: renderMarkdown };
export default reporter;
