/**
 * JUnit XML of an eval run, for CI test panels: one <testsuite> per model (and variant), one
 * <testcase> per task, failed when its pass rate is under the threshold, with the pass rate and
 * the reasons the failed runs gave. Held-out tasks are marked in their names. With a baseline, as
 * for check (src/report/junit.ts): an expected failure is <skipped> ("expected failure") so the
 * panel agrees with the exit code, and a stale entry is a <failure> on its passing task.
 */
import { isExpectedTaskFailure, staleEntryOf } from '../../eval/baseline.js';
import { byCombo } from '../../eval/group.js';
import type { EvalReport, RunRecord, TaskStats } from '../../eval/types.js';
import { escapeXml } from '../junit.js';
import { comboLabel, intervalText, percent } from './format.js';

/** Failed runs listed in a test case: enough to see the pattern, not a wall of text. */
const FAILED_RUNS_SHOWN = 10;

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function failedRunLines(stats: TaskStats, runs: readonly RunRecord[]): string[] {
  const failed = runs.filter((run) => run.task === stats.task && run.model === stats.model && run.variant === stats.variant && !run.passed);
  const lines = failed
    .slice(0, FAILED_RUNS_SHOWN)
    .map((run) => `run ${run.run + 1}: ${[...(run.error ? [run.error] : []), ...run.reasons].join('; ') || 'failed (no reason recorded)'}`);
  if (failed.length > FAILED_RUNS_SHOWN) lines.push(`… and ${failed.length - FAILED_RUNS_SHOWN} more failed runs (see the JSON report)`);
  return lines;
}

function rateText(stats: TaskStats): string {
  return `pass rate ${percent(stats.passRate)} (${stats.passes}/${stats.runs}, 95% interval ${intervalText(stats.interval)})`;
}

type Outcome = 'passed' | 'failed' | 'skipped';

function testcase(report: EvalReport, stats: TaskStats, classname: string): { xml: string; outcome: Outcome; ms: number } {
  const name = `${stats.task}${stats.holdout ? ' (held out)' : ''}`;
  const ms = report.runs
    .filter((run) => run.task === stats.task && run.model === stats.model && run.variant === stats.variant)
    .reduce((sum, run) => sum + run.wallMs, 0);
  const attrs = `name="${escapeXml(name)}" classname="${escapeXml(classname)}" time="${seconds(ms)}"`;
  const summary = `${rateText(stats)}${stats.k > 1 ? `, pass@${stats.k} ${percent(stats.passAtK)}, pass^${stats.k} ${percent(stats.passHatK)}` : ''}`;
  const stale = staleEntryOf(report, stats);
  if (stale !== undefined) {
    const text = `${stale} is listed in ${report.baseline?.file} but meets its threshold now (${rateText(stats)}): remove it from the file`;
    return {
      xml: `    <testcase ${attrs}><failure message="${escapeXml(text)}" type="stale-baseline">${escapeXml(text)}</failure></testcase>`,
      outcome: 'failed',
      ms,
    };
  }
  if (stats.meetsThreshold) return { xml: `    <testcase ${attrs}><system-out>${escapeXml(summary)}</system-out></testcase>`, outcome: 'passed', ms };
  const message = stats.runs === 0 ? 'no runs were made' : `${rateText(stats)} is under the threshold ${percent(report.settings.threshold)}`;
  const body = escapeXml([summary, ...failedRunLines(stats, report.runs)].join('\n'));
  if (isExpectedTaskFailure(report, stats)) {
    const skipped = `expected failure (listed in ${report.baseline?.file}): ${message}`;
    return { xml: `    <testcase ${attrs}><skipped message="${escapeXml(skipped)}"/><system-out>${body}</system-out></testcase>`, outcome: 'skipped', ms };
  }
  return { xml: `    <testcase ${attrs}><failure message="${escapeXml(message)}" type="below-threshold">${body}</failure></testcase>`, outcome: 'failed', ms };
}

export function renderEvalJunit(report: EvalReport): string {
  let tests = 0;
  let failures = 0;
  let skipped = 0;
  const suites: string[] = [];
  for (const group of byCombo(report.tasks)) {
    const label = comboLabel(group);
    const cases = group.entries.map((stats) => testcase(report, stats, `mcpvet.eval.${label.replace(/\s+/g, '')}`));
    const failed = cases.filter((entry) => entry.outcome === 'failed').length;
    const skips = cases.filter((entry) => entry.outcome === 'skipped').length;
    tests += cases.length;
    failures += failed;
    skipped += skips;
    suites.push(
      `  <testsuite name="${escapeXml(`eval ${label}`)}" tests="${cases.length}" failures="${failed}" errors="0" skipped="${skips}" time="${seconds(cases.reduce((sum, entry) => sum + entry.ms, 0))}" timestamp="${escapeXml(report.startedAt)}">`,
      '    <properties>',
      `      <property name="target" value="${escapeXml(report.target)}"/>`,
      `      <property name="model" value="${escapeXml(group.model)}"/>`,
      ...(group.variant !== undefined ? [`      <property name="variant" value="${escapeXml(group.variant)}"/>`] : []),
      `      <property name="threshold" value="${report.settings.threshold}"/>`,
      '    </properties>',
      ...cases.map((entry) => entry.xml),
      '  </testsuite>',
    );
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcpvet eval" tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(report.durationMs)}" timestamp="${escapeXml(report.startedAt)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
