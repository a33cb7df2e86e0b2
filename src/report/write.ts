/**
 * Where reports go (`--format a,b` and `-o DIR`):
 * - without -o: one format, printed to stdout (`--format json` prints one JSON document and
 *   nothing else). Several formats without -o is a usage error: they cannot share stdout.
 * - with -o DIR: every format that has a file name is written there (report.json, junit.xml,
 *   report.md, report.html), always with the per-suite `server-<suite>/checks.json` files of
 *   the official conformance layout. stdout carries only what was asked for: the console report
 *   when `console` is listed, nothing otherwise (`--format json -o DIR` must not print a format
 *   nobody asked for). A one-line note of what was written goes to stderr.
 * Files never contain color. The directory is created when missing; files are replaced.
 */
import { mkdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { fileNameOf, type Format } from './formats.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { RunReport } from '../check/types.js';
import { conformanceFiles } from './conformance.js';
import { getReporter, type Reporter } from './types.js';

export interface WriteOptions {
  /** Color for the console format on stdout (the caller checks TTY and NO_COLOR). */
  color?: boolean;
  verbose?: boolean;
  /** Literal values to mask in every output (see RenderOptions.secrets). */
  secrets?: readonly string[];
  /** The file SARIF results point at (see RenderOptions.sarifLocation). */
  sarifLocation?: string;
  stdout?: { write(text: string): unknown };
  stderr?: { write(text: string): unknown };
}

export class ReportUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportUsageError';
  }
}

/**
 * Makes sure -o DIR can take the reports before a run spends minutes: an existing directory, or
 * one that can be created, and writable (a probe file is written and removed). Folders are created
 * one level at a time: Node's recursive mkdir never returns under /proc.
 */
export function prepareOutputDir(dir: string): void {
  const path = resolve(dir);
  const missing: string[] = [];
  let existing = path;
  for (;;) {
    const stat = statOrUndefined(existing);
    if (stat) {
      if (!stat.isDirectory())
        throw new ReportUsageError(`-o ${dir}: ${existing === path ? 'exists and is not a directory' : `${existing} is not a directory`}`);
      break;
    }
    const parent = dirname(existing);
    if (parent === existing) break;
    missing.unshift(existing);
    existing = parent;
  }
  try {
    for (const folder of missing) mkdirSync(folder);
    const probe = join(path, `.mcpvet-probe-${process.pid}`);
    writeFileSync(probe, '');
    unlinkSync(probe);
  } catch (error) {
    throw new ReportUsageError(`-o ${dir}: not a writable directory (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

function statOrUndefined(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

export interface WrittenReports {
  /** Paths of the files written (empty without -o). */
  files: string[];
}

export async function writeReports(report: RunReport, formats: readonly string[], outDir?: string, options: WriteOptions = {}): Promise<WrittenReports> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const names = [...new Set(formats.length ? formats : ['console'])];
  const reporters = await Promise.all(names.map((name) => getReporter(name))); // unknown names fail before anything is written
  const render = (reporter: Reporter, color: boolean) =>
    reporter.render(report, { color, verbose: options.verbose, secrets: options.secrets, sarifLocation: options.sarifLocation });

  if (outDir === undefined) {
    if (reporters.length > 1) throw new ReportUsageError(`--format ${names.join(',')}: several formats need -o DIR (stdout takes one)`);
    const reporter = reporters[0]!;
    stdout.write(render(reporter, reporter.name === 'console' && options.color === true));
    return { files: [] };
  }

  const outputs = reporters.flatMap((r) => {
    const path = fileNameOf(r.name as Format);
    return path ? [{ path, content: render(r, false) }] : [];
  });
  outputs.push(...conformanceFiles(report, { secrets: options.secrets }));
  const files: string[] = [];
  for (const output of outputs) {
    const path = join(outDir, output.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, output.content, 'utf8');
    files.push(path);
  }
  const console = reporters.find((r) => r.name === 'console');
  if (console) stdout.write(render(console, options.color === true));
  stderr.write(`mcpvet: wrote ${files.length} report files to ${outDir}\n`);
  return { files };
}
