/** The result of a load run as one JSON document, and the thresholds judged against it. */
import type { Threshold } from './options.js';
import type { SplitFinding } from './flow.js';
import type { HistogramBar, KeyStats, LatencySummary, LoadStats, SeriesPoint } from './stats.js';
import type { SoakReport } from './soak.js';
import type { LoadModel } from './engine.js';

export interface ThresholdVerdict {
  threshold: string;
  actual: number;
  unit: 'ms' | 'ratio' | 'rps';
  passed: boolean;
}

export interface SplitFlows {
  /** Follow-ups sent to an instance other than their issuer: cursors and MRTR retries. */
  tried: { cursor: number; mrtr: number };
  /** Follow-ups that failed on another instance and worked on their issuer. */
  failed: number;
  /** Distinct ways they failed (the first few), each with its count. */
  findings: SplitFinding[];
}

export interface LoadReport {
  command: 'load';
  mcpvetVersion: string;
  target: string;
  replicas: string[];
  transport: 'stdio' | 'http';
  era: string;
  protocolVersion: string;
  model: LoadModel & { durationMs: number; rampMs: number };
  startedAt: string;
  /** Wall time from the first request due to the last answer. */
  elapsedMs: number;
  requests: number;
  errors: number;
  errorRate: number;
  rps: number;
  latencyMs: LatencySummary;
  /** Every latency counted in bars (1-2-5 ms edges). */
  histogram: HistogramBar[];
  byRequest: Record<string, KeyStats>;
  errorsByClass: Record<string, number>;
  series: SeriesPoint[];
  splitFlows?: SplitFlows;
  soak?: SoakReport;
  thresholds: ThresholdVerdict[];
  /** False when a threshold was breached or a flow needed a sticky session. */
  passed: boolean;
}

const MAX_FINDINGS = 20;

export class SplitTally {
  readonly flows: SplitFlows = { tried: { cursor: 0, mrtr: 0 }, failed: 0, findings: [] };
  add(kind: SplitFinding['kind'], finding: SplitFinding | undefined): void {
    this.flows.tried[kind]++;
    if (!finding) return;
    this.flows.failed++;
    const same = this.flows.findings.find(
      (seen) =>
        seen.kind === finding.kind &&
        seen.key === finding.key &&
        seen.issuer === finding.issuer &&
        seen.other === finding.other &&
        seen.answer === finding.answer,
    );
    if (same) same.count++;
    else if (this.flows.findings.length < MAX_FINDINGS) this.flows.findings.push(finding);
  }
}

export function judge(thresholds: Threshold[], overall: { latencyMs: LatencySummary; errorRate: number; rps: number }): ThresholdVerdict[] {
  return thresholds.map((threshold) => {
    const [actual, unit]: [number, ThresholdVerdict['unit']] =
      threshold.metric === 'errors'
        ? [overall.errorRate, 'ratio']
        : threshold.metric === 'rps'
          ? [overall.rps, 'rps']
          : [overall.latencyMs[threshold.metric], 'ms'];
    return { threshold: threshold.text, actual, unit, passed: compare(actual, threshold.operator, threshold.value) };
  });
}

function compare(actual: number, operator: Threshold['operator'], value: number): boolean {
  switch (operator) {
    case '<':
      return actual < value;
    case '<=':
      return actual <= value;
    case '>':
      return actual > value;
    case '>=':
      return actual >= value;
  }
}

export interface ReportInput {
  stats: LoadStats;
  elapsedMs: number;
  thresholds: Threshold[];
  split?: SplitTally;
  soak?: SoakReport;
}

export function summarizeRun(
  input: ReportInput,
): Omit<LoadReport, 'command' | 'mcpvetVersion' | 'target' | 'replicas' | 'transport' | 'era' | 'protocolVersion' | 'model' | 'startedAt' | 'elapsedMs'> {
  const { stats, elapsedMs } = input;
  const overall = stats.overall();
  const errorRate = overall.requests === 0 ? 0 : overall.errors / overall.requests;
  const rps = elapsedMs > 0 ? Math.round((overall.requests / elapsedMs) * 1000 * 10) / 10 : 0;
  const thresholds = judge(input.thresholds, { latencyMs: overall.latencyMs, errorRate, rps });
  const splitFailed = (input.split?.flows.failed ?? 0) > 0;
  return {
    requests: overall.requests,
    errors: overall.errors,
    errorRate: Math.round(errorRate * 1e6) / 1e6,
    rps,
    latencyMs: overall.latencyMs,
    histogram: stats.histogram(),
    byRequest: stats.keys(),
    errorsByClass: Object.fromEntries([...stats.errorsByClass].sort((a, b) => b[1] - a[1])),
    series: stats.timeSeries(),
    ...(input.split ? { splitFlows: input.split.flows } : {}),
    ...(input.soak ? { soak: input.soak } : {}),
    thresholds,
    passed: thresholds.every((verdict) => verdict.passed) && !splitFailed,
  };
}
