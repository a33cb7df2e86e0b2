/**
 * `mcpvet report merge`: the check reports of the n jobs of a `--shard i/n` matrix, joined into
 * the run one job would have made. Every non-final check ran in exactly one shard; final checks
 * (judges of the whole run's traffic) ran in every shard, each over its shard's traffic, and the
 * most telling verdict speaks for the run: a violation seen in any shard's traffic is one of the
 * run, else a pass (something was judged), else the shards' common incomplete or skip.
 */
import type { CheckDefinition, CheckResult, RunReport, Status } from '../check/types.js';
import { summarize } from '../check/runner.js';

export class MergeError extends Error {
  override name = 'MergeError';
}

export interface ShardFile {
  file: string;
  report: RunReport;
}

const TELLING: Record<Status, number> = { fail: 6, error: 5, warn: 4, info: 3, pass: 2, incomplete: 1, skip: 0 };

export interface ShardReport {
  report: { shard?: { index: number; total: number } };
  file: string;
}

/**
 * The shards make one run: each was made with --shard, they agree on what `sameRun` returns
 * (target, era, version…), and every index 1..n is there exactly once.
 */
export function requireCompleteShards<S extends ShardReport>(shards: readonly S[], sameRun: (shard: S) => Record<string, unknown>): void {
  const first = shards[0];
  if (!first) throw new MergeError('no report to merge');
  const expected = sameRun(first);
  for (const shard of shards) {
    if (!shard.report.shard) throw new MergeError(`${shard.file}: not a shard's report (it was run without --shard i/n)`);
    const fields = sameRun(shard);
    for (const [field, value] of Object.entries(expected))
      if (JSON.stringify(fields[field]) !== JSON.stringify(value))
        throw new MergeError(`${shard.file}: ${field} ${JSON.stringify(fields[field])} differs from ${first.file}'s ${JSON.stringify(value)}`);
  }
  const total = first.report.shard?.total as number;
  const byIndex = new Map<number, string>();
  for (const { file, report } of shards) {
    const shard = report.shard as { index: number; total: number };
    if (shard.total !== total) throw new MergeError(`${file}: shard ${shard.index}/${shard.total}, but ${first.file} is one of ${total}`);
    const seen = byIndex.get(shard.index);
    if (seen !== undefined) throw new MergeError(`shard ${shard.index}/${total} given twice: ${seen} and ${file}`);
    byIndex.set(shard.index, file);
  }
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((index) => !byIndex.has(index));
  if (missing.length > 0) throw new MergeError(`shard${missing.length > 1 ? 's' : ''} ${missing.map((index) => `${index}/${total}`).join(', ')} missing`);
}

export function mergeCheckReports(shards: readonly ShardFile[], checks: readonly CheckDefinition[]): RunReport {
  requireCompleteShards(shards, ({ report }) => ({
    target: report.target,
    transport: report.transport,
    era: report.era,
    'mcpvet version': report.tool.version,
  }));
  const first = shards[0] as ShardFile;
  const results = mergeResults(shards, new Set(checks.filter((check) => check.final).map((check) => check.id)));
  const order = new Map(checks.map((check, position) => [check.id, position]));
  results.sort((a, b) => (order.get(a.id) ?? order.size) - (order.get(b.id) ?? order.size));
  const { shard: _shard, baseline: _baseline, ...run } = first.report;
  const merged: RunReport = {
    ...run,
    startedAt: shards.map(({ report }) => report.startedAt).sort()[0] as string,
    // The jobs ran side by side: the run took as long as its slowest shard.
    durationMs: Math.max(...shards.map(({ report }) => report.durationMs)),
    results,
    summary: summarize(results),
  };
  const baseline = mergeBaseline(shards, results);
  return baseline ? { ...merged, baseline } : merged;
}

function mergeResults(shards: readonly ShardFile[], finalIds: Set<string>): CheckResult[] {
  const chosen = new Map<string, { file: string; result: CheckResult }>();
  for (const { file, report } of shards) {
    for (const result of report.results) {
      const seen = chosen.get(result.id);
      if (!seen) {
        chosen.set(result.id, { file, result });
        continue;
      }
      if (!finalIds.has(result.id)) throw new MergeError(`check ${result.id} is in ${seen.file} and ${file}: were the shards run with different selections?`);
      if (TELLING[result.status] > TELLING[seen.result.status]) chosen.set(result.id, { file, result });
    }
  }
  return [...chosen.values()].map(({ result }) => result);
}

/** Regressions still failing in the merged run; stale entries that no shard's verdict contradicts. */
function mergeBaseline(shards: readonly ShardFile[], results: readonly CheckResult[]): RunReport['baseline'] {
  const baselines = shards.flatMap(({ report }) => (report.baseline ? [report.baseline] : []));
  const first = baselines[0];
  if (!first) return undefined;
  const byId = new Map(results.map((result) => [result.id, result]));
  const regressions = new Set(baselines.flatMap((b) => b.regressions).filter((id) => ['fail', 'warn'].includes(byId.get(id)?.status ?? '')));
  const stale = new Set(
    baselines
      .flatMap((b) => b.stale)
      .filter((entry) => {
        const [id, code] = entry.split('/');
        const result = byId.get(id as string);
        if (result?.status === 'pass') return true;
        return code !== undefined && (result?.status === 'fail' || result?.status === 'warn') && !result.findings.some((finding) => finding.code === code);
      }),
  );
  return { file: first.file, regressions: [...regressions].sort(), stale: [...stale].sort() };
}
