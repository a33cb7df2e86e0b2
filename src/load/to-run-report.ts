/**
 * A load run in the one result model (check's RunReport), so JUnit, Markdown and HTML render it
 * with the same code as every other run. Its verdicts are the ones that can fail it: each
 * threshold, and the split-flow proof with replicas; a probable leak warns. The figures travel in
 * `extras.load` for the HTML's histogram and time series.
 */
import type { CheckResult, ResultFinding, RunReport, Status } from '../check/types.js';
import { countStatuses } from '../report/summary.js';
import type { LoadReport, ThresholdVerdict } from './report.js';
import { MIN_TREND_SAMPLES, type Trend } from './soak.js';

function result(id: string, title: string, status: Status, message: string, findings: ResultFinding[] = [], code?: string): CheckResult {
  return {
    id,
    title,
    suite: 'load',
    level: 'RULE',
    requirements: [],
    spec: '',
    status,
    ...(code ? { code } : {}),
    message,
    findings,
    evidence: [],
    durationMs: 0,
  };
}

function thresholdResult(verdict: ThresholdVerdict): CheckResult {
  const actual = verdict.unit === 'ms' ? `${verdict.actual} ms` : verdict.unit === 'ratio' ? `${(verdict.actual * 100).toFixed(2)} %` : `${verdict.actual}/s`;
  const status: Status = verdict.passed ? 'pass' : 'fail';
  const message = `${verdict.threshold}: measured ${actual}`;
  const findings: ResultFinding[] = verdict.passed ? [] : [{ status, level: 'RULE', code: 'breached', message }];
  return result(`threshold ${verdict.threshold}`, `Threshold ${verdict.threshold}`, status, message, findings, verdict.passed ? undefined : 'breached');
}

function splitResult(report: LoadReport): CheckResult | undefined {
  const split = report.splitFlows;
  if (!split) return undefined;
  const tried = `${split.tried.cursor} cursor(s) and ${split.tried.mrtr} MRTR retr${split.tried.mrtr === 1 ? 'y' : 'ies'} sent to another instance`;
  if (split.failed === 0)
    return result('split-flows', 'Flows split across instances work', tried === '' ? 'skip' : 'pass', `${tried}; none needed a sticky session`);
  const findings: ResultFinding[] = split.findings.map((finding) => ({
    status: 'fail',
    level: 'RULE',
    code: finding.kind === 'cursor' ? 'cursor-sticky' : 'mrtr-sticky',
    message: `${finding.key}: ${finding.kind === 'cursor' ? 'a cursor' : 'an MRTR retry'} from ${finding.issuer} failed on ${finding.other} (${finding.answer}) and worked on its issuer (×${finding.count})`,
  }));
  return result('split-flows', 'Flows split across instances work', 'fail', `${tried}; ${split.failed} needed a sticky session`, findings, findings[0]?.code);
}

function trendResult(id: string, title: string, unit: string, trend: Trend, samples: number): CheckResult {
  if (samples < MIN_TREND_SAMPLES)
    return result(id, title, 'skip', `${samples} samples are too few to judge a trend: run longer or sample more often (--sample-interval)`);
  const message = `${trend.slopePerMinute >= 0 ? '+' : ''}${trend.slopePerMinute} ${unit}/min (fit ${trend.fit}, ${trend.growth} ${unit} over the run)`;
  if (!trend.probableLeak) return result(id, title, 'pass', `steady: ${message}`);
  return result(
    id,
    title,
    'warn',
    `probable leak: ${message}`,
    [{ status: 'warn', level: 'RULE', code: 'probable-leak', message: `probable leak: ${message}` }],
    'probable-leak',
  );
}

export function loadRunReport(report: LoadReport): RunReport {
  const split = splitResult(report);
  const soak = report.soak;
  const results = [
    ...report.thresholds.map(thresholdResult),
    ...(split ? [split] : []),
    ...(soak
      ? [
          trendResult('soak memory', 'Server memory does not grow steadily', 'MB', soak.rss, soak.samples.length),
          trendResult('soak descriptors', 'Open files do not grow steadily', 'fds', soak.fds, soak.samples.length),
        ]
      : []),
  ];
  return {
    tool: { name: 'mcpvet', version: report.mcpvetVersion },
    command: 'load',
    target: report.target,
    transport: report.transport,
    era: report.era as RunReport['era'],
    protocolVersion: report.protocolVersion,
    startedAt: report.startedAt,
    durationMs: report.elapsedMs,
    results,
    summary: countStatuses(results),
    extras: {
      load: {
        model: report.model,
        replicas: report.replicas,
        requests: report.requests,
        errors: report.errors,
        errorRate: report.errorRate,
        rps: report.rps,
        latencyMs: report.latencyMs,
        histogram: report.histogram,
        byRequest: report.byRequest,
        errorsByClass: report.errorsByClass,
        series: report.series,
      },
    },
  };
}
