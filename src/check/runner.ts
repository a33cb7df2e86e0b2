/**
 * Runs checks: selection by suite, id glob, era and transport; capability requirements; independent
 * checks concurrently with a timeout each; a check that hangs or throws becomes `error` and never
 * stops the run. MUST violations fail, SHOULD violations warn.
 */
import type { McpClient } from '../client/types.js';
import { createContext, type RunEnvironment } from './context.js';
import { serverGone } from './liveness.js';
import { matchesAny } from './glob.js';
import type { CheckDefinition, CheckResult, Finding, Status, Suite } from './types.js';

export interface Selection {
  suites?: Suite[];
  only?: string[];
  skip?: string[];
}

export interface RunOptions {
  concurrency?: number;
  checkTimeoutMs?: number;
  onStart?(check: CheckDefinition): void;
  onDone?(result: CheckResult): void;
}

export function selectChecks(all: CheckDefinition[], selection: Selection): CheckDefinition[] {
  return all.filter(
    (check) =>
      (!selection.suites?.length || selection.suites.includes(check.suite)) &&
      (!selection.only?.length || matchesAny(check.id, selection.only)) &&
      !(selection.skip?.length && matchesAny(check.id, selection.skip)),
  );
}

export async function runChecks(checks: CheckDefinition[], run: RunEnvironment, options: RunOptions = {}): Promise<CheckResult[]> {
  const results = new Map<string, CheckResult>();
  const regular = checks.filter((check) => !check.final);
  const final = checks.filter((check) => check.final);
  // After a check breaks, one liveness probe (never two at once): a dead server ends the run fast.
  let gone: Promise<string | undefined> = Promise.resolve(undefined);
  let probing = false;
  const execute = async (check: CheckDefinition) => {
    options.onStart?.(check);
    const reason = applicability(check, run.client) ? undefined : await gone;
    const result = reason ? stopped(check, reason) : await runOne(check, run, options.checkTimeoutMs ?? Math.max(run.timeoutMs * 3, 30_000));
    results.set(check.id, result);
    options.onDone?.(result);
    if (result.status === 'error' && !probing && !(await gone)) {
      probing = true;
      gone = serverGone(run.client, run.timeoutMs).finally(() => (probing = false));
    }
  };
  await pool(regular, options.concurrency ?? 4, execute);
  await pool(final, 1, execute);
  return checks.map((check) => results.get(check.id) as CheckResult);
}

function stopped(check: CheckDefinition, reason: string): CheckResult {
  return {
    id: check.id,
    title: check.title,
    suite: check.suite,
    level: check.level,
    spec: check.spec,
    status: 'error',
    message: `not run: the server stopped answering (${reason})`,
    evidence: [],
    durationMs: 0,
  };
}

async function runOne(check: CheckDefinition, run: RunEnvironment, timeoutMs: number): Promise<CheckResult> {
  const started = performance.now();
  const base = { id: check.id, title: check.title, suite: check.suite, level: check.level, spec: check.spec };
  const finish = (finding: Finding): CheckResult => ({
    ...base,
    status: finalStatus(check, finding.status),
    message: finding.message,
    evidence: finding.evidence ?? [],
    durationMs: Math.round(performance.now() - started),
  });

  const inapplicable = applicability(check, run.client);
  if (inapplicable) return finish({ status: 'skip', message: inapplicable });

  const controller = new AbortController();
  const opened: McpClient[] = [];
  let timer: NodeJS.Timeout | undefined;
  try {
    const ctx = createContext(run, controller.signal, opened);
    const timeout = new Promise<Finding>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve({ status: 'error', message: `the check did not finish within ${timeoutMs} ms` });
      }, timeoutMs);
    });
    return finish(await Promise.race([check.run(ctx), timeout]));
  } catch (error) {
    return finish({ status: 'error', message: `the check itself failed: ${(error as Error)?.message ?? String(error)}` });
  } finally {
    clearTimeout(timer);
    await Promise.all(opened.map((client) => client.close().catch(() => undefined)));
  }
}

/** Not applicable: wrong era or transport, or a capability the server did not declare. */
function applicability(check: CheckDefinition, client: McpClient): string | undefined {
  if (!check.eras.includes(client.era)) return `applies to the ${check.eras.join('/')} era; the server was tested in the ${client.era} era`;
  if (!check.transports.includes(client.target.transport)) return `applies to ${check.transports.join('/')}; the server was reached over ${client.target.transport}`;
  const missing = (check.requires ?? []).filter((capability) => !(capability in client.serverCapabilities));
  if (missing.length > 0) return `the server does not declare the ${missing.join(', ')} capabilit${missing.length > 1 ? 'ies' : 'y'}`;
  return undefined;
}

function finalStatus(check: CheckDefinition, status: Status): Status {
  return status === 'fail' && check.level === 'SHOULD' ? 'warn' : status;
}

async function pool<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) await work(items[next++] as T);
  });
  await Promise.all(workers);
}

export function summarize(results: CheckResult[]): Record<Status, number> {
  const summary: Record<Status, number> = { pass: 0, fail: 0, warn: 0, skip: 0, error: 0 };
  for (const result of results) summary[result.status]++;
  return summary;
}
