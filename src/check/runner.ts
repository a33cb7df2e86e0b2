/**
 * Runs checks: selection by suite, id glob, era and transport; capability requirements; independent
 * checks concurrently with a timeout each; a check that hangs or throws becomes `error` and never
 * stops the run. Levels come from the requirements each check names, in the run's revision:
 * MUST violations fail, SHOULD and descriptive ones warn, the rest are info notes.
 */
import { withRequestSignal } from '../client/request-signal.js';
import type { McpClient } from '../client/types.js';
import { createContext, type RunEnvironment } from './context.js';
import { serverGone } from './liveness.js';
import { trimEvidence } from './evidence-trim.js';
import { WarmPool } from './warm-pool.js';
import { collectAfterCheck } from './collect-garbage.js';
import { matchesAny } from '../wire/glob.js';
import { inShard, type Shard } from '../wire/shard.js';
import { gradeFinding, gradeOf, type Grade } from './requirements/grade.js';
import type { CheckDefinition, CheckResult, Finding, Level, ResultFinding, Status, Suite } from './types.js';

/** Checks run at once by default. */
export const DEFAULT_CONCURRENCY = 4;

export interface Selection {
  suites?: Suite[];
  only?: string[];
  skip?: string[];
  /** --shard i/n: this job's part of the checks (final checks, judges of the whole run's traffic, run in every shard). */
  shard?: Shard;
}

export interface RunOptions {
  /** Checks run at once (DEFAULT_CONCURRENCY; runCheckRun chooses more for a server slow and idle to start). */
  concurrency?: number;
  /**
   * With a warm pool: the checks that may take fresh processes run in a lane of their own, this
   * many at once, beside `concurrency` others (absent: one lane for all).
   */
  freshConcurrency?: number;
  checkTimeoutMs?: number;
  onStart?(check: CheckDefinition): void;
  onDone?(result: CheckResult): void;
}

export function selectChecks(all: CheckDefinition[], selection: Selection): CheckDefinition[] {
  const selected = all.filter(
    (check) =>
      (!selection.suites?.length || selection.suites.includes(check.suite)) &&
      (!selection.only?.length || matchesAny(check.id, selection.only)) &&
      !(selection.skip?.length && matchesAny(check.id, selection.skip)),
  );
  if (!selection.shard) return selected;
  const mine = new Set(
    inShard(
      selected.filter((check) => !check.final),
      (check) => check.id,
      selection.shard,
    ),
  );
  return selected.filter((check) => check.final || mine.has(check));
}

export async function runChecks(checks: CheckDefinition[], run: RunEnvironment, options: RunOptions = {}): Promise<CheckResult[]> {
  const results = new Map<string, CheckResult>();
  const regular = checks.filter((check) => !check.final);
  const final = checks.filter((check) => check.final);
  // After a check breaks, one liveness probe (never two at once): a dead server ends the run fast.
  let gone: Promise<string | undefined> = Promise.resolve(undefined);
  let probing = false;
  // The connections a check opened close while the next check runs: a server that ignores EOF and
  // SIGTERM took seconds to end, and every check that had opened one waited for it.
  const closing = new Set<Promise<unknown>>();
  // The warm pool starts as many processes as the checks that apply may take.
  const warm = run.warm instanceof WarmPool ? run.warm : undefined;
  warm?.expect(freshDemand(checks, run.client));
  const execute = async (check: CheckDefinition) => {
    options.onStart?.(check);
    const lease = warm?.lease(freshOf(check, run.client));
    const reason = applicability(check, run.client) ? undefined : await gone;
    const result = reason
      ? stopped(check, reason, run.client)
      : await runOne(check, lease ? { ...run, warm: lease } : run, options.checkTimeoutMs ?? Math.max(run.timeoutMs * 3, 30_000), closing);
    lease?.end();
    results.set(check.id, result);
    // What the check parsed and walked is garbage now: collect it before the next one adds its own.
    collectAfterCheck();
    options.onDone?.(result);
    if (result.status === 'error' && !probing && !(await gone)) {
      probing = true;
      gone = serverGone(run.client, run.timeoutMs).finally(() => (probing = false));
    }
  };
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  if (warm && options.freshConcurrency) {
    const takes = (check: CheckDefinition) => freshOf(check, run.client) > 0;
    const fresh = regular.filter(takes);
    const rest = regular.filter((check) => !takes(check));
    await Promise.all([pool(rest, concurrency, execute), pool(fresh, options.freshConcurrency, execute)]);
  } else await pool(regular, concurrency, execute);
  // Final checks judge every trace of the run, the last frames of closed connections included.
  await allClosed(closing);
  await pool(final, 1, execute);
  await allClosed(closing);
  return checks.map((check) => results.get(check.id) as CheckResult);
}

/** Fresh processes the checks may take: of those that apply, or (no client yet) the most either era may take. */
export function freshDemand(checks: CheckDefinition[], client?: McpClient): number {
  const sum = (count: (check: CheckDefinition) => number) => checks.reduce((total, check) => total + count(check), 0);
  if (client) return sum((check) => freshOf(check, client));
  const inEra = (era: McpClient['era']) => (check: CheckDefinition) =>
    check.eras.includes(era) && check.transports.includes('stdio') ? (check.freshProcesses ?? 0) : 0;
  return Math.max(sum(inEra('modern')), sum(inEra('legacy')));
}

/** What a check may take: its stated count when it runs, none when it is skipped. */
function freshOf(check: CheckDefinition, client: McpClient): number {
  return applicability(check, client) || 'none' in gradeOf(check, client.era) ? 0 : (check.freshProcesses ?? 0);
}

function stopped(check: CheckDefinition, reason: string, client: McpClient): CheckResult {
  return {
    ...identity(check, gradeOf(check, client.era)),
    status: 'error',
    code: 'server-gone',
    message: `not run: the server stopped answering (${reason})`,
    findings: [{ status: 'error', level: 'INFO', code: 'server-gone', message: `not run: the server stopped answering (${reason})` }],
    evidence: [],
    durationMs: 0,
  };
}

/** What a result says about its check: id, title, and the level and requirements of the run's revision. */
function identity(check: CheckDefinition, grade: ReturnType<typeof gradeOf>): Pick<CheckResult, 'id' | 'title' | 'suite' | 'level' | 'requirements' | 'spec'> {
  const graded = 'level' in grade ? grade : undefined;
  const level: Level = graded?.level ?? 'INFO';
  return { id: check.id, title: check.title, suite: check.suite, level, requirements: graded?.requirements.map((r) => r.id) ?? [], spec: check.spec };
}

/** Waits until every connection the checks opened is closed (no server outlives the run). */
async function allClosed(closing: Set<Promise<unknown>>): Promise<void> {
  while (closing.size > 0) await Promise.all(closing);
}

async function runOne(check: CheckDefinition, run: RunEnvironment, timeoutMs: number, closing: Set<Promise<unknown>>): Promise<CheckResult> {
  const started = performance.now();
  const grade = gradeOf(check, run.client.era);
  const base = identity(check, grade);
  const finish = (outcome: Finding | Finding[]): CheckResult => ({
    ...base,
    ...combine(grade, outcome),
    durationMs: Math.round(performance.now() - started),
  });

  if ('unknown' in grade)
    return finish({
      status: 'error',
      code: 'unknown-requirement',
      message: `the check names no known requirement: ${grade.unknown.join(', ')} (src/check/requirements/*.yaml)`,
    });
  const inapplicable = applicability(check, run.client) ?? ('none' in grade ? grade.none : undefined);
  if (inapplicable) return finish({ status: 'skip', message: inapplicable });

  const controller = new AbortController();
  const opened: McpClient[] = [];
  let timer: NodeJS.Timeout | undefined;
  try {
    const ctx = createContext(run, controller.signal, opened);
    const timeout = new Promise<Finding>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve({ status: 'error', code: 'timeout', message: `the check did not finish within ${timeoutMs} ms` });
      }, timeoutMs);
    });
    // Every request the check sends carries its signal: its timeout cancels them at the server.
    return finish(await Promise.race([withRequestSignal(controller.signal, () => check.run(ctx)), timeout]));
  } catch (error) {
    return finish({ status: 'error', code: 'check-crashed', message: `the check itself failed: ${(error as Error)?.message ?? String(error)}` });
  } finally {
    clearTimeout(timer);
    // Over: what the check left in flight is cancelled, and what it tries to send later fails unsent.
    controller.abort();
    if (opened.length > 0) {
      const closed = Promise.all(opened.map((client) => client.close().catch(() => undefined))).finally(() => closing.delete(closed));
      closing.add(closed);
    }
  }
}

/** Not applicable: wrong era or transport, or a capability the server did not declare. */
function applicability(check: CheckDefinition, client: McpClient): string | undefined {
  if (!check.eras.includes(client.era)) return `applies to the ${check.eras.join('/')} era; the server was tested in the ${client.era} era`;
  if (!check.transports.includes(client.target.transport))
    return `applies to ${check.transports.join('/')}; the server was reached over ${client.target.transport}`;
  const missing = (check.requires ?? []).filter((capability) => !(capability in client.serverCapabilities));
  if (missing.length > 0) return `the server does not declare the ${missing.join(', ')} capabilit${missing.length > 1 ? 'ies' : 'y'}`;
  return undefined;
}

/**
 * Bounds on what one result holds, whatever the server lists: a message naming each of 50,000
 * tools made every result of a run a megabyte. The most severe findings are the ones kept.
 */
const MAX_MESSAGE_CHARS = 2000;
const MAX_FINDINGS = 200;

function clipMessage(text: string): string {
  return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}… (${text.length} characters in all)` : text;
}

/** A violation's status and level follow its requirement; a descriptive rule says it has no keyword. */
function graded(grade: ReturnType<typeof gradeOf>, finding: Finding): ResultFinding {
  const where = finding.location ? { location: finding.location } : {};
  const code = finding.code !== undefined && finding.status !== 'pass' ? { code: finding.code } : {};
  if (!('level' in grade)) return { status: finding.status, level: 'INFO', ...code, ...where, message: clipMessage(finding.message) };
  const { status, level, descriptive } = gradeFinding(grade as Grade, finding.status, finding.requirement);
  const message = descriptive
    ? `${clipMessage(finding.message)} (the spec states this without MUST or SHOULD; clients depend on it)`
    : clipMessage(finding.message);
  return { status, level, ...code, ...where, message };
}

/** Most severe first: what a result's status is when a check returns several findings. */
export const SEVERITY: Record<Status, number> = { error: 6, fail: 5, warn: 4, incomplete: 3, info: 2, pass: 1, skip: 0 };

/**
 * A check's findings as one result: the most severe status, its level and code, every finding
 * listed in the message (so formats that show only the message lose none), all evidence.
 */
function combine(
  grade: ReturnType<typeof gradeOf>,
  outcome: Finding | Finding[],
): Pick<CheckResult, 'status' | 'level' | 'code' | 'message' | 'findings' | 'evidence'> {
  const list = Array.isArray(outcome) ? outcome : [outcome];
  if (list.length === 0) return combine(grade, { status: 'error', code: 'no-finding', message: 'the check returned no finding' });
  const all = list.map((finding) => graded(grade, finding)).sort((a, b) => SEVERITY[b.status] - SEVERITY[a.status]);
  const findings = all.slice(0, MAX_FINDINGS);
  const worst = findings[0]!;
  const more = all.length > findings.length ? [`- and ${all.length - findings.length} more finding(s), left out`] : [];
  const message = findings.length === 1 ? worst.message : [`${all.length} findings:`, ...findings.map((f) => `- ${f.message}`), ...more].join('\n');
  const level = 'level' in grade ? worst.level : 'INFO';
  return {
    status: worst.status,
    level,
    ...(worst.code !== undefined ? { code: worst.code } : {}),
    message,
    findings,
    evidence: trimEvidence(list.slice(0, MAX_FINDINGS).flatMap((finding) => finding.evidence ?? [])),
  };
}

async function pool<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) await work(items[next++] as T);
  });
  await Promise.all(workers);
}

export function summarize(results: CheckResult[]): Record<Status, number> {
  const summary: Record<Status, number> = { pass: 0, fail: 0, warn: 0, info: 0, skip: 0, incomplete: 0, error: 0 };
  for (const result of results) summary[result.status]++;
  return summary;
}
