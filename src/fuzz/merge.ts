/**
 * The fuzz reports of `--shard i/n` jobs as one run: each tool was fuzzed in one shard (with the
 * same seed its inputs are the ones an unsharded run makes: they depend on the seed and the
 * tool's schema, not on the other tools), the envelope in shard 1.
 */
import { requireCompleteShards } from '../report/merge.js';
import type { FuzzReport } from './report.js';

export function mergeFuzzReports(shards: ReadonlyArray<{ file: string; report: FuzzReport }>): FuzzReport {
  requireCompleteShards(shards, ({ report }) => ({
    target: report.target,
    transport: report.transport,
    era: report.era,
    seed: report.seed,
    runs: report.runs,
    'mcpvet version': report.tool.version,
  }));
  const reports = [...shards].map(({ report }) => report).sort((a, b) => (a.shard?.index ?? 0) - (b.shard?.index ?? 0));
  const { shard: _shard, ...first } = reports[0] as FuzzReport;
  const durationMs = Math.max(...reports.map((report) => report.durationMs));
  const calls = reports.reduce((sum, report) => sum + report.calls, 0);
  const sum = (key: 'tried' | 'stillFailing' | 'nowPassing') => reports.reduce((total, report) => total + report.regressions[key], 0);
  const envelope = reports.find((report) => report.envelope)?.envelope;
  return {
    ...first,
    startedAt: reports.map((report) => report.startedAt).sort()[0] as string,
    durationMs,
    calls,
    callsPerSecond: durationMs > 0 ? Math.round((calls / durationMs) * 10_000) / 10 : 0,
    tools: reports.flatMap((report) => report.tools).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    ...(envelope ? { envelope } : {}),
    failures: reports.flatMap((report) => report.failures),
    // Each job kept its own regression file: the counts add up; `saved` is the largest file's.
    regressions: {
      file: first.regressions.file,
      tried: sum('tried'),
      stillFailing: sum('stillFailing'),
      nowPassing: sum('nowPassing'),
      saved: Math.max(...reports.map((report) => report.regressions.saved)),
    },
    notes: [...new Set(reports.flatMap((report) => report.notes))],
  };
}
