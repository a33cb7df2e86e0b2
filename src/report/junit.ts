/**
 * JUnit XML, the format CI test panels read: one <testsuite> per check suite, one
 * <testcase> per check. fail -> <failure>; error (the check itself broke) -> <error>, as
 * JUnit means it; skip -> <skipped> with the reason; incomplete -> <skipped> saying it could not decide; warn and info pass, with the note in
 * <system-out>. With a baseline, an expected failure is <skipped> ("expected failure") so the
 * panel agrees with the exit code, and a stale entry is a <failure> on its passing check.
 */
import type { CheckResult, RunReport } from '../check/types.js';
import { baselineView, isExpectedFailure } from './baseline.js';
import { frameLine } from './frame-text.js';
import { redactReport } from './redact.js';
import { commandOf, groupBySuite, locationText, ruleSource } from './summary.js';
import type { RenderOptions, Reporter } from './types.js';

/** Characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates, U+FFFE/FFFF). */
const INVALID_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

export function escapeXml(text: string): string {
  return text.replace(INVALID_XML, '\ufffd').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function details(report: RunReport, result: CheckResult, verbose: boolean): string {
  const source = ruleSource(report, result);
  const lines = [result.message, ...(source.text ? [`${source.label.toLowerCase()}: ${source.url ?? source.text}`] : []), `level: ${result.level}`];
  for (const f of result.findings) if (f.code !== undefined) lines.push(`code: ${result.id}/${f.code}${f.location ? ` (${locationText(f.location)})` : ''}`);
  for (const evidence of result.evidence) {
    for (const frame of evidence.frames ?? []) lines.push(frameLine(frame, verbose ? 4000 : 1000));
    if (evidence.curl) lines.push(`$ ${evidence.curl}`);
    if (evidence.note) lines.push(evidence.note);
  }
  return lines.join('\n');
}

interface Tally {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
}

function testcase(report: RunReport, result: CheckResult, stale: Set<string>, verbose: boolean, tally: Tally): string {
  tally.tests++;
  const attrs = `name="${escapeXml(`${result.id}: ${result.title}`)}" classname="mcpvet.${escapeXml(result.suite)}" time="${seconds(result.durationMs)}"`;
  const body = escapeXml(details(report, result, verbose));
  const message = escapeXml(result.message.split('\n')[0] ?? '');
  let inner: string;
  if (isExpectedFailure(report, result)) {
    tally.skipped++;
    inner = `<skipped message="expected failure (listed in ${escapeXml(report.baseline!.file)}): ${message}"/><system-out>${body}</system-out>`;
  } else if (result.status === 'fail') {
    tally.failures++;
    inner = `<failure message="${message}" type="${result.level}">${body}</failure>`;
  } else if (result.status === 'error') {
    tally.errors++;
    inner = `<error message="${message}" type="check-error">${body}</error>`;
  } else if (result.status === 'skip') {
    tally.skipped++;
    inner = `<skipped message="${message}"/>`;
  } else if (result.status === 'incomplete') {
    // Not a skip (the check applies) but not run to a verdict either: JUnit's nearest is <skipped>.
    tally.skipped++;
    inner = `<skipped message="incomplete (could not decide): ${message}"/><system-out>${body}</system-out>`;
  } else if (result.status === 'pass' && stale.has(result.id)) {
    tally.failures++;
    const text = `listed in ${report.baseline!.file} but passes now: remove it from the file`;
    inner = `<failure message="${escapeXml(text)}" type="stale-baseline">${escapeXml(text)}</failure>`;
  } else if (result.status === 'warn' || result.status === 'info') {
    inner = `<system-out>${escapeXml(`${result.status === 'warn' ? 'WARNING' : 'INFO'} (${result.level}): `)}${body}</system-out>`;
  } else {
    inner = '';
  }
  return inner ? `    <testcase ${attrs}>${inner}</testcase>` : `    <testcase ${attrs}/>`;
}

export function renderJunit(input: RunReport, options: RenderOptions): string {
  const report = redactReport(input, { secrets: options.secrets });
  const stale = new Set(baselineView(report)?.stale ?? []);
  const total: Tally = { tests: 0, failures: 0, errors: 0, skipped: 0 };
  const suites: string[] = [];
  const properties = [
    ['target', report.target],
    ...(report.transport ? [['transport', report.transport]] : []),
    ...(report.era ? [['era', report.era]] : []),
    ...(report.protocolVersion ? [['protocolVersion', report.protocolVersion]] : []),
    ...(report.serverInfo?.name ? [['server', `${report.serverInfo.name} ${report.serverInfo.version ?? ''}`.trim()]] : []),
  ].map(([name, value]) => `      <property name="${escapeXml(name!)}" value="${escapeXml(value!)}"/>`);
  for (const group of groupBySuite(report.results)) {
    const tally: Tally = { tests: 0, failures: 0, errors: 0, skipped: 0 };
    const cases = group.results.map((r) => testcase(report, r, stale, options.verbose === true, tally));
    for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += tally[key];
    suites.push(
      `  <testsuite name="${escapeXml(group.suite)}" tests="${tally.tests}" failures="${tally.failures}" errors="${tally.errors}" skipped="${tally.skipped}" time="${seconds(group.durationMs)}" timestamp="${escapeXml(report.startedAt)}">`,
      '    <properties>',
      ...properties,
      '    </properties>',
      ...cases,
      '  </testsuite>',
    );
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcpvet ${commandOf(report)}" tests="${total.tests}" failures="${total.failures}" errors="${total.errors}" skipped="${total.skipped}" time="${seconds(report.durationMs)}" timestamp="${escapeXml(report.startedAt)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

const reporter: Reporter = { name: 'junit', render: renderJunit };
export default reporter;
