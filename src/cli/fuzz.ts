/** `mcpvet fuzz`: parse flags, run the fuzz engine, write the reports, pick the exit code. */
import { loadCallsFile } from '../protocol/call-policy.js';
import { FuzzUsageError } from '../fuzz/select-tools.js';
import type { FuzzReport } from '../fuzz/report.js';
import { readBaselineFlag } from './baseline-flag.js';
import { formatsFlag } from './format-flag.js';
import { usageError } from './cli-error.js';
import { MAX_RUNS, MAX_SEED, MIN_SEED, parseDuration, parseWholeNumber } from './fuzz-options.js';
import { printNote } from './output.js';
import { sarifLocationFlag } from './sarif-location-flag.js';
import { parseShardFlag } from './shard-flag.js';
import { resolveTarget, type TargetFlags } from './target-options.js';

export interface FuzzFlags extends TargetFlags {
  tool: string[];
  seed?: string;
  runs: string;
  timeBudget?: string;
  envelope?: boolean;
  allowCall: string[];
  calls?: string;
  regressions: string;
  shard?: string;
  format: string;
  expectedFailures?: string;
  output?: string;
  sarifLocation?: string;
  quiet?: boolean;
  color: boolean;
}

export async function runFuzzCommand(positional: string[], flags: FuzzFlags): Promise<number> {
  const runs = parseWholeNumber('--runs', flags.runs, 1, MAX_RUNS);
  const seed = flags.seed !== undefined ? parseWholeNumber('--seed', flags.seed, MIN_SEED, MAX_SEED) : Math.floor(Math.random() * MAX_SEED);
  const timeBudgetMs = flags.timeBudget !== undefined ? parseDuration('--time-budget', flags.timeBudget) : undefined;
  const formats = formatsFlag('fuzz', flags.format, { hasOutput: true, multiple: true });
  const { prepareDestination } = await import('./report-destination.js');
  const destination = flags.output !== undefined ? usageOnError(() => prepareDestination(flags.output as string, formats)) : undefined;
  if (destination === undefined && formats.length > 1) throw usageError(`--format ${formats.join(',')}: several formats need -o DIR (stdout takes one)`);
  const shard = parseShardFlag(flags.shard);
  const sarifLocation = sarifLocationFlag(flags.sarifLocation);
  const expected =
    flags.expectedFailures !== undefined ? await readBaselineFlag(flags.expectedFailures, { id: 'property', example: 'accepts-valid' }) : undefined;
  const calls = flags.calls ? usageOnError(() => loadCallsFile(flags.calls as string)) : {};
  const target = await resolveTarget(flags, positional);

  const { runFuzz } = await import('../fuzz/run.js');
  const progress = flags.quiet ? undefined : progressPrinter();
  let report: FuzzReport;
  try {
    report = await runFuzz({
      target,
      era: flags.protocolEra,
      timeoutMs: flags.timeout,
      tools: splitList(flags.tool),
      allowCall: flags.allowCall,
      calls,
      seed,
      runs,
      timeBudgetMs,
      envelope: flags.envelope === true,
      regressionsFile: flags.regressions,
      shard,
      onProgress: progress,
    });
  } catch (error) {
    if (error instanceof FuzzUsageError) throw usageError(error.message);
    throw error;
  }
  const { writeFuzzReports } = await import('./fuzz-output.js');
  const color = flags.color && process.stdout.isTTY === true && !process.env.NO_COLOR;
  const baseline = expected && flags.expectedFailures ? { file: flags.expectedFailures, entries: expected } : undefined;
  return writeFuzzReports(report, formats, destination, { color, sarifLocation, ...(baseline ? { expected: baseline } : {}) });
}

/** Repeatable flags that also take comma-separated lists (tool names cannot hold a comma). */
function splitList(values: string[]): string[] {
  return values
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

function usageOnError<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw usageError((error as Error).message);
  }
}

/** A line on stderr when the phase changes, and every few seconds within one: calls so far. */
function progressPrinter(): (progress: { phase: string; requests: number }) => void {
  let phase = '';
  let printed = 0;
  return (progress) => {
    const now = Date.now();
    if (progress.phase === phase && now - printed < 3000) return;
    phase = progress.phase;
    printed = now;
    printNote(`mcpvet fuzz: ${progress.phase}: ${progress.requests} request${progress.requests === 1 ? '' : 's'} so far`);
  };
}
