/**
 * The terminal report: a header (target, era, revision), then per suite its tally and every
 * check a person must look at (failures, errors, warnings) with message, spec link and
 * evidence and finding codes; incomplete checks with what would let them run; skipped checks grouped by reason; the baseline verdict; and a last line with the
 * counts in a fixed form scripts may grep. Server text is made printable (no escapes reach
 * the terminal).
 */
import type { CheckResult, RunReport, Status } from '../check/types.js';
import { painter, type Paint, type Style } from './ansi.js';
import { baselineView, isExpectedFailure } from './baseline.js';
import { FRAMES_SHOWN, frameLine, oneLine } from './frame-text.js';
import { redactReport } from './redact.js';
import {
  countStatuses,
  countsLine,
  describeRun,
  formatDuration,
  groupBySuite,
  incompleteHints,
  locationText,
  qualifiedCode,
  specUrl,
  type Counts,
} from './summary.js';
import type { RenderOptions, Reporter } from './types.js';

const LABEL: Record<Status, [string, Style]> = {
  pass: ['PASS ', 'green'],
  fail: ['FAIL ', 'red'],
  warn: ['WARN ', 'yellow'],
  info: ['INFO ', 'cyan'],
  skip: ['SKIP ', 'dim'],
  incomplete: ['INCMP', 'yellow'],
  error: ['ERROR', 'red'],
};
const INDENT = '         ';

/** Keeps line breaks, makes every other control character visible. */
function printable(text: string): string {
  return text.split(/\r?\n/).map(oneLine).join('\n');
}

function suiteTally(counts: Counts): string {
  const parts = [`${counts.pass} passed`];
  if (counts.fail) parts.push(`${counts.fail} failed`);
  if (counts.warn) parts.push(`${counts.warn} warnings`);
  if (counts.info) parts.push(`${counts.info} info`);
  if (counts.error) parts.push(`${counts.error} errors`);
  if (counts.skip) parts.push(`${counts.skip} skipped`);
  if (counts.incomplete) parts.push(`${counts.incomplete} incomplete`);
  return parts.join(', ');
}

function header(report: RunReport, paint: Paint): string[] {
  const run = describeRun(report);
  const facts = [`protocol ${run.protocolVersion}`];
  if (run.server) facts.push(`server ${run.server}`);
  facts.push(formatDuration(report.durationMs));
  return [
    paint('bold', `mcpvet ${report.tool.version} check`) + ` ${printable(run.target)} (${run.transport})`,
    facts.map(printable).join(' · '),
    `era ${run.era}` + paint('dim', `: ${printable(report.eraReason ?? '')}`),
  ];
}

function evidenceLines(result: CheckResult, verbose: boolean, paint: Paint): string[] {
  const lines: string[] = [];
  for (const evidence of result.evidence) {
    const frames = evidence.frames ?? [];
    const shown = verbose ? frames : frames.slice(0, FRAMES_SHOWN);
    for (const frame of shown) lines.push(INDENT + paint('dim', frameLine(frame)));
    if (shown.length < frames.length) lines.push(INDENT + paint('dim', `… ${frames.length - shown.length} more frames (--verbose, or --format json)`));
    if (evidence.curl) lines.push(INDENT + paint('cyan', `$ ${oneLine(evidence.curl)}`));
    if (evidence.note)
      lines.push(
        ...printable(evidence.note)
          .split('\n')
          .map((line) => INDENT + paint('dim', line)),
      );
  }
  return lines;
}

function checkLines(report: RunReport, result: CheckResult, verbose: boolean, paint: Paint): string[] {
  const [label, style] = LABEL[result.status];
  const expected = isExpectedFailure(report, result) ? paint('dim', ' (expected failure)') : '';
  const head = `  ${paint(style, label)}  ${result.id}  ${paint('dim', `${printable(result.title)} [${result.level}]`)}${expected}`;
  if (result.status === 'pass' || result.status === 'skip') return [head];
  return [
    head,
    ...printable(result.message)
      .split('\n')
      .map((line) => INDENT + line),
    ...codeLines(result, paint),
    INDENT + paint('dim', `spec: ${specUrl(result.spec, report.protocolVersion)}`),
    ...evidenceLines(result, verbose, paint),
  ];
}

/** The code of each finding (what a baseline entry `<id>/<code>` names) and where it is. */
function codeLines(result: CheckResult, paint: Paint): string[] {
  return result.findings
    .filter((f) => f.code !== undefined)
    .map((f) => {
      const where = locationText(f.location);
      return INDENT + paint('dim', `code: ${qualifiedCode(result.id, f.code)}${where ? ` (${printable(where)})` : ''}`);
    });
}

/** Checks that could not decide, one line each, then what would let them run. */
function incompleteLines(report: RunReport, paint: Paint): string[] {
  const hints = incompleteHints(report.results);
  if (hints.length === 0) return [];
  const lines = [paint('bold', `incomplete (${report.results.filter((r) => r.status === 'incomplete').length})`)];
  for (const r of report.results) if (r.status === 'incomplete') lines.push(`  ${r.id}: ${paint('dim', printable(r.message).split('\n')[0]!)}`);
  lines.push(...hints.map((hint) => paint('yellow', hint)));
  return lines;
}

/** Skips share few reasons ("server does not declare resources"): one line per reason. */
function skippedLines(results: CheckResult[], paint: Paint): string[] {
  const byReason = new Map<string, string[]>();
  for (const r of results) {
    const reason =
      printable(r.message)
        .split('\n')[0]!
        .replace(/[.:\s]+$/, '') || 'no reason given';
    byReason.set(reason, [...(byReason.get(reason) ?? []), r.id]);
  }
  if (byReason.size === 0) return [];
  const lines = [paint('bold', `skipped (${results.length})`)];
  for (const [reason, ids] of byReason) lines.push(`  ${reason}: ${paint('dim', ids.join(', '))}`);
  return lines;
}

/** The baseline's verdict; `warningsCanFail: false` for engines whose warnings never fail a run (lint). */
export function baselineLines(report: RunReport, paint: Paint, warningsCanFail = true): string[] {
  const view = baselineView(report);
  if (!view) return [];
  const lines = [paint('bold', `baseline ${printable(view.file)}: ${view.expected.length} expected failures`)];
  for (const id of view.regressions) lines.push(`  ${paint('red', 'regression')}  ${id} fails and is not listed`);
  if (warningsCanFail)
    for (const id of view.unlistedWarnings)
      lines.push(`  ${paint('yellow', 'unlisted  ')}  ${id} warns and is not listed (fails the run with --strict-warnings)`);
  for (const id of view.stale) lines.push(`  ${paint('red', 'stale     ')}  ${id} passes now: remove it from ${printable(view.file)}`);
  return lines;
}

export function renderConsole(input: RunReport, options: RenderOptions): string {
  const report = redactReport(input, { secrets: options.secrets });
  const paint = painter(options.color);
  const verbose = options.verbose === true;
  const lines = [...header(report, paint), ''];
  for (const group of groupBySuite(report.results)) {
    lines.push(`${paint('bold', group.suite)}  ${suiteTally(group.counts)}`);
    for (const result of group.results) {
      if (verbose || (result.status !== 'pass' && result.status !== 'skip' && result.status !== 'incomplete'))
        lines.push(...checkLines(report, result, verbose, paint));
    }
  }
  if (report.results.length === 0) lines.push('no checks ran (see --suite, --only, --skip)');
  lines.push('');
  const undecided = incompleteLines(report, paint);
  if (undecided.length) lines.push(...undecided, '');
  const skipped = report.results.filter((r) => r.status === 'skip');
  if (skipped.length) lines.push(...skippedLines(skipped, paint), '');
  const baseline = baselineLines(report, paint);
  if (baseline.length) lines.push(...baseline, '');
  lines.push(countsLine(countStatuses(report.results)));
  return lines.join('\n') + '\n';
}

const reporter: Reporter = { name: 'console', render: renderConsole };
export default reporter;
