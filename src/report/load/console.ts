/** The console rendering of a load run: the figures first, then what failed it. */
import type { LoadReport, ThresholdVerdict } from '../../load/report.js';
import type { LatencySummary } from '../../load/stats.js';
import { MIN_TREND_SAMPLES, type Trend } from '../../load/soak.js';

const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`);
const count = (value: number) => value.toLocaleString('en-US');
const percent = (ratio: number) => `${(ratio * 100).toFixed(2)} %`;

function latencyLine(latency: LatencySummary): string {
  return `p50 ${ms(latency.p50)}  p90 ${ms(latency.p90)}  p99 ${ms(latency.p99)}  p99.9 ${ms(latency['p99.9'])}  max ${ms(latency.max)}`;
}

function actualOf(verdict: ThresholdVerdict): string {
  return verdict.unit === 'ms' ? ms(verdict.actual) : verdict.unit === 'ratio' ? percent(verdict.actual) : `${verdict.actual}/s`;
}

function trendLine(name: string, unit: string, first: number, last: number, trend: Trend, samples: number): string {
  if (samples < MIN_TREND_SAMPLES)
    return `${name} ${first.toFixed(unit === 'MB' ? 1 : 0)} → ${last.toFixed(unit === 'MB' ? 1 : 0)} ${unit} (too few samples to judge a trend)`;
  const verdict = trend.probableLeak
    ? `probable leak: +${trend.slopePerMinute} ${unit}/min (fit ${trend.fit})`
    : `steady (${trend.slopePerMinute >= 0 ? '+' : ''}${trend.slopePerMinute} ${unit}/min, fit ${trend.fit})`;
  return `${name} ${first.toFixed(unit === 'MB' ? 1 : 0)} → ${last.toFixed(unit === 'MB' ? 1 : 0)} ${unit}, ${verdict}`;
}

export function renderLoadConsole(report: LoadReport): string {
  const model = report.model.kind === 'open' ? `open model, ${report.model.rate} req/s` : `closed model, ${report.model.vus} virtual users`;
  const lines = [
    `mcpvet load: ${report.target} (${report.era} ${report.protocolVersion}, ${report.transport}) · ${model} for ${ms(report.model.durationMs)}${report.replicas.length > 0 ? ` · ${report.replicas.length + 1} instances` : ''}`,
    `  requests  ${count(report.requests)} in ${ms(report.elapsedMs)} (${report.rps}/s)   errors ${count(report.errors)} (${percent(report.errorRate)})`,
    `  latency   ${latencyLine(report.latencyMs)}`,
  ];
  const keys = Object.entries(report.byRequest);
  if (keys.length > 1) {
    lines.push('  by request');
    for (const [key, stats] of keys) lines.push(`    ${key}: ${count(stats.requests)} · errors ${count(stats.errors)} · ${latencyLine(stats.latencyMs)}`);
  }
  const classes = Object.entries(report.errorsByClass);
  if (classes.length > 0) lines.push(`  errors by class: ${classes.map(([name, n]) => `${name} ×${count(n)}`).join(', ')}`);
  if (report.splitFlows) {
    const { tried, failed, findings } = report.splitFlows;
    lines.push(
      `  split flows: ${count(tried.cursor)} cursor(s) and ${count(tried.mrtr)} MRTR retr${tried.mrtr === 1 ? 'y' : 'ies'} sent to another instance; ${count(failed)} needed a sticky session`,
    );
    for (const finding of findings.slice(0, 5)) {
      lines.push(
        `  ✗ ${finding.key}: ${finding.kind === 'cursor' ? 'a cursor' : 'an MRTR retry'} from ${finding.issuer} failed on ${finding.other} (${finding.answer}) and worked on its issuer${finding.count > 1 ? ` (×${finding.count})` : ''}`,
      );
    }
  }
  if (report.soak && report.soak.samples.length > 0) {
    const [first, last] = [report.soak.samples[0]!, report.soak.samples.at(-1)!];
    lines.push(`  soak (pid ${report.soak.pid}, ${report.soak.samples.length} samples)`);
    lines.push(`    ${trendLine('rss', 'MB', first.rssMb, last.rssMb, report.soak.rss, report.soak.samples.length)}`);
    lines.push(`    ${trendLine('fds', 'fds', first.fds, last.fds, report.soak.fds, report.soak.samples.length)}`);
  }
  for (const verdict of report.thresholds) lines.push(`  ${verdict.passed ? '✓' : '✗'} ${verdict.threshold} (${actualOf(verdict)})`);
  lines.push(report.passed ? '  passed' : '  FAILED');
  return `${lines.join('\n')}\n`;
}
