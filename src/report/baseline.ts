/**
 * Expected failures (`--expected-failures FILE`), with the official conformance suite's
 * semantics (modelcontextprotocol/conformance, src/expected-failures.ts, per-check entries):
 * - a listed check that fails is tolerated (an expected failure);
 * - an unlisted check that fails is a REGRESSION and fails the run;
 * - a listed check that now passes is STALE and fails the run, so the list shrinks as
 *   the server is fixed;
 * - a listed check that is skipped or absent says nothing either way and is tolerated
 *   (only a demonstrated pass makes an entry stale).
 * The official suite counts WARNING as failed for baselines; so here a listed check that
 * warns is an expected failure (not stale), and an unlisted warning is recorded among the
 * regressions but fails the run only with --strict-warnings (warnings never fail otherwise).
 * An `error` (the check itself broke, so nothing was judged) is never covered: it always
 * fails the run, listed or not. An `incomplete` check, like a skipped one, says nothing either way.
 * An entry may name one finding of a check, `<check id>/<code>` (`tools.name-format/too-long`):
 * the check is then expected to fail only while every code it fails with is listed, and the
 * entry is stale once that code is gone.
 */
import { parse } from 'yaml';
import { readFile } from 'node:fs/promises';
import type { CheckResult, RunReport, Status } from '../check/types.js';

export class BaselineFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BaselineFileError';
  }
}

/** What an entry names, for the error lines (eval's entries are task ids). */
export interface EntryKind {
  id: string;
  example: string;
}
const CHECK_ENTRY: EntryKind = { id: 'check id', example: 'tools.name-format' };

/** Accepts a YAML list of check ids, or `{ expectedFailures: [ids] }`. */
export async function parseExpectedFailures(text: string, file = 'expected failures', kind = CHECK_ENTRY): Promise<string[]> {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (error) {
    throw new BaselineFileError(`${file}: not valid YAML (${(error as Error).message.split('\n')[0]})`);
  }
  if (doc === null || doc === undefined) return [];
  const list = Array.isArray(doc)
    ? doc
    : typeof doc === 'object' && 'expectedFailures' in doc
      ? (doc as { expectedFailures: unknown }).expectedFailures
      : undefined;
  if (list === null) return [];
  if (!Array.isArray(list)) throw new BaselineFileError(`${file}: expected a list of ${kind.id}s, or 'expectedFailures:' with a list`);
  return list.map((entry, index) => {
    if (typeof entry !== 'string' || entry.trim() === '') {
      throw new BaselineFileError(`${file}: entry ${index + 1} (${JSON.stringify(entry)}) is not a ${kind.id} such as '${kind.example}'`);
    }
    return entry.trim();
  });
}

export async function loadExpectedFailures(file: string, kind = CHECK_ENTRY): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new BaselineFileError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return parseExpectedFailures(text, file, kind);
}

const SEVERITY: Record<Status, number> = { error: 4, fail: 3, warn: 2, info: 1, pass: 1, incomplete: 0, skip: 0 };

/** One verdict per id: ids may repeat in a run, and the most severe occurrence speaks for all (as officially). */
function collapse(results: readonly CheckResult[]): Map<string, Status> {
  const worst = new Map<string, Status>();
  for (const r of results) {
    const seen = worst.get(r.id);
    if (seen === undefined || SEVERITY[r.status] > SEVERITY[seen]) worst.set(r.id, r.status);
  }
  return worst;
}

/** The codes of the failing and warning findings of each id. */
function failingCodes(results: readonly CheckResult[]): Map<string, Set<string>> {
  const codes = new Map<string, Set<string>>();
  for (const r of results) {
    const set = codes.get(r.id) ?? new Set<string>();
    for (const f of r.findings ?? []) if ((f.status === 'fail' || f.status === 'warn') && f.code !== undefined) set.add(f.code);
    codes.set(r.id, set);
  }
  return codes;
}

/** The report with `baseline` filled in; results are unchanged. */
export function applyBaseline(report: RunReport, expected: readonly string[], file = 'expected-failures'): RunReport {
  const listed = new Set(expected);
  const codes = failingCodes(report.results);
  const regressions: string[] = [];
  const stale: string[] = [];
  const statuses = collapse(report.results);
  for (const [id, status] of statuses) {
    const nonConforming = status === 'fail' || status === 'warn';
    const failing = [...(codes.get(id) ?? [])];
    const covered = listed.has(id) || (failing.length > 0 && failing.every((code) => listed.has(`${id}/${code}`)));
    if (nonConforming && !covered) regressions.push(id);
    if (status === 'pass' && listed.has(id)) stale.push(id);
  }
  for (const entry of listed) {
    const slash = entry.indexOf('/');
    if (slash === -1) continue;
    const id = entry.slice(0, slash);
    const status = statuses.get(id);
    const gone = status === 'pass' || ((status === 'fail' || status === 'warn') && !codes.get(id)?.has(entry.slice(slash + 1)));
    if (gone) stale.push(entry);
  }
  return { ...report, baseline: { file, regressions: regressions.sort(), stale: stale.sort() } };
}

export interface BaselineView {
  file: string;
  /** Listed checks that failed or warned: tolerated. */
  expected: string[];
  /** Unlisted failures: they fail the run. */
  regressions: string[];
  /** Unlisted warnings: they fail the run only with --strict-warnings. */
  unlistedWarnings: string[];
  /** Listed checks that now pass: remove them from the file. */
  stale: string[];
}

/** The baseline as renderers show it (undefined when no baseline was given). */
export function baselineView(report: RunReport): BaselineView | undefined {
  if (!report.baseline) return undefined;
  const statuses = collapse(report.results);
  const regressionIds = new Set(report.baseline.regressions);
  const expected = [...statuses]
    .filter(([id, s]) => (s === 'fail' || s === 'warn') && !regressionIds.has(id))
    .map(([id]) => id)
    .sort();
  return {
    file: report.baseline.file,
    expected,
    regressions: report.baseline.regressions.filter((id) => statuses.get(id) === 'fail'),
    unlistedWarnings: report.baseline.regressions.filter((id) => statuses.get(id) === 'warn'),
    stale: report.baseline.stale,
  };
}

/** Whether a failing or warning result is tolerated by the baseline. */
export function isExpectedFailure(report: RunReport, result: CheckResult): boolean {
  if (!report.baseline || (result.status !== 'fail' && result.status !== 'warn')) return false;
  return !report.baseline.regressions.includes(result.id);
}

/** 0 when the run is clean, 2 (ExitCode.Failed) otherwise; see the header comment for what counts. */
export function exitCodeFor(report: RunReport, options: { strictWarnings?: boolean } = {}): 0 | 2 {
  const failsRun = (result: CheckResult): boolean => {
    if (result.status === 'error') return true;
    if (result.status === 'fail') return !isExpectedFailure(report, result);
    if (result.status === 'warn') return options.strictWarnings === true && !isExpectedFailure(report, result);
    return false;
  };
  if (report.results.some(failsRun)) return 2;
  if (report.baseline && report.baseline.stale.length > 0) return 2;
  return 0;
}
