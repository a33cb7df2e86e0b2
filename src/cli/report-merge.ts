/** `mcpvet report merge PATH… -o DIR`: find the shards' JSON reports, join them, write every format. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RunReport } from '../check/types.js';
import { oneLine } from '../wire/control-chars.js';
import type { EvalReport } from '../eval/types.js';
import type { FuzzReport } from '../fuzz/report.js';
import { COMMAND_FORMATS, fileNameOf, type Format } from '../report/formats.js';
import { usageError } from './cli-error.js';
import { formatsFlag } from './format-flag.js';
import { ExitCode } from './exit-codes.js';
import { sarifLocationFlag } from './sarif-location-flag.js';

export interface ReportMergeFlags {
  output: string;
  format?: string;
  sarifLocation?: string;
  color: boolean;
}

const MAX_DEPTH = 4;

type Kind = 'check' | 'eval' | 'fuzz';

export async function runReportMerge(paths: string[], flags: ReportMergeFlags): Promise<number> {
  sarifLocationFlag(flags.sarifLocation);
  const files = paths.flatMap((path) => reportFiles(path));
  const shards = files.map((file) => ({ file, ...readReport(file) }));
  const kinds = [...new Set(shards.map((shard) => shard.kind))];
  if (kinds.length > 1) throw usageError(`these are reports of different commands (${kinds.join(', ')}): merge one command's shards at a time`);
  if (kinds[0] === 'fuzz') return mergeFuzz(shards as Array<{ file: string; report: FuzzReport }>, flags);
  if (kinds[0] === 'eval') return mergeEval(shards as Array<{ file: string; report: EvalReport }>, flags);

  const formats = formatsOf(flags, 'check');

  const { ALL_CHECKS } = await import('../check/registry.js');
  const { mergeCheckReports, MergeError } = await import('../report/merge.js');
  const { prepareOutputDir, writeReports, ReportUsageError } = await import('../report/write.js');
  let merged: RunReport;
  try {
    merged = mergeCheckReports(
      shards.map(({ file, report }) => ({ file, report: report as RunReport })),
      ALL_CHECKS,
    );
    prepareOutputDir(flags.output);
  } catch (error) {
    throw error instanceof MergeError || error instanceof ReportUsageError ? usageError(error.message) : error;
  }
  await writeReports(merged, formats, flags.output, { color: colorOf(flags), sarifLocation: flags.sarifLocation });
  const { exitCodeFor } = await import('../report/baseline.js');
  return exitCodeFor(merged);
}

/** Fuzz shards: the fuzz formats (json, sarif, junit, console), exit 2 when a failure is an error. */
async function mergeFuzz(shards: Array<{ file: string; report: FuzzReport }>, flags: ReportMergeFlags): Promise<number> {
  const formats = formatsOf(flags, 'fuzz');
  const { mergeFuzzReports } = await import('../fuzz/merge.js');
  const merged = await mergeOrUsage(() => mergeFuzzReports(shards));
  const { writeFuzzReports } = await import('./fuzz-output.js');
  return writeFuzzReports(merged, formats, await folderOf(flags, formats), { color: colorOf(flags), sarifLocation: flags.sarifLocation });
}

/** Eval shards: the eval formats (json, junit, markdown, console), exit 2 when a task is under its threshold (and not an expected failure). */
async function mergeEval(shards: Array<{ file: string; report: EvalReport }>, flags: ReportMergeFlags): Promise<number> {
  const formats = formatsOf(flags, 'eval');
  const { mergeEvalReports } = await import('../eval/merge.js');
  const merged = await mergeOrUsage(() => mergeEvalReports(shards));
  const { writeEvalReports } = await import('./eval-output.js');
  writeEvalReports(merged, formats, await folderOf(flags, formats), { color: colorOf(flags) });
  const { evalExitCode } = await import('../eval/baseline.js');
  return evalExitCode(merged) === 0 ? ExitCode.Ok : ExitCode.Failed;
}

/** Shards that do not fit together are bad input: one line, exit 1. */
async function mergeOrUsage<T>(merge: () => T): Promise<T> {
  const { MergeError } = await import('../report/merge.js');
  try {
    return merge();
  } catch (error) {
    throw error instanceof MergeError ? usageError(error.message) : error;
  }
}

/** -o of a merge is always a folder: every format gets its own file. */
async function folderOf(flags: ReportMergeFlags, formats: string[]) {
  const { prepareDestination } = await import('./report-destination.js');
  return prepareDestination(flags.output.endsWith('/') ? flags.output : `${flags.output}/`, formats);
}

const colorOf = (flags: ReportMergeFlags): boolean => flags.color && process.stdout.isTTY === true && !process.env.NO_COLOR;

/** --format of a merge: every file format of the command by default; console too when asked. */
function formatsOf(flags: ReportMergeFlags, command: 'check' | 'eval' | 'fuzz'): Format[] {
  if (flags.format === undefined) return COMMAND_FORMATS[command].filter((format) => fileNameOf(format) !== undefined);
  return formatsFlag(command, flags.format, { hasOutput: true, multiple: true });
}

/** A file as given; a folder: every report.json in it, a few levels down (download-artifact puts each in its own folder). */
function reportFiles(path: string): string[] {
  const stat = statOrUndefined(path);
  if (!stat) throw usageError(`${oneLine(path)}: no such file or folder`);
  if (!stat.isDirectory()) return [path];
  const found = findReports(path, 0);
  if (found.length === 0) throw usageError(`${oneLine(path)}: no report.json in this folder`);
  return found;
}

function findReports(dir: string, depth: number): string[] {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  const here = entries.filter((entry) => entry.isFile() && entry.name === 'report.json').map((entry) => join(dir, entry.name));
  if (here.length > 0 || depth >= MAX_DEPTH) return here;
  return entries.filter((entry) => entry.isDirectory()).flatMap((entry) => findReports(join(dir, entry.name), depth + 1));
}

function readReport(file: string): { kind: Kind; report: unknown } {
  let report: unknown;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'not JSON';
    throw usageError(`${oneLine(file)}: not an mcpvet report (${reason})`);
  }
  const kind = kindOf(report);
  if (!kind) throw usageError(`${oneLine(file)}: not an mcpvet report (run the command with --format json -o DIR)`);
  return { kind, report };
}

function kindOf(report: unknown): Kind | undefined {
  if (typeof report !== 'object' || report === null) return undefined;
  const value = report as Record<string, unknown>;
  if (value.format === 'mcpvet-eval' && Array.isArray(value.runs)) return 'eval';
  if ((value.tool as { name?: unknown } | undefined)?.name !== 'mcpvet') return undefined;
  if (Array.isArray(value.results) && typeof value.target === 'string') return 'check';
  if (Array.isArray(value.tools) && Array.isArray(value.failures)) return 'fuzz';
  return undefined;
}

function statOrUndefined(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
