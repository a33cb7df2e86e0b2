/** Runs checks in-process against real server processes (stdio) or real HTTP servers. */
import { afterAll, beforeAll, expect } from 'vitest';
import { runCheckRun, type CheckRunOptions } from '../../src/check/run.js';
import type { CheckResult, ResultFinding, RunReport, Status } from '../../src/check/types.js';
import type { Target } from '../../src/wire/target.js';
import { fixture, NOTES_SERVER } from './paths.js';
import { startHttpServer, type RunningServer } from './run.js';

export const notesStdio = (...args: string[]): Target => ({ transport: 'stdio', command: process.execPath, args: [NOTES_SERVER, ...args] });
export const fixtureStdio = (name: string, ...args: string[]): Target => ({ transport: 'stdio', command: process.execPath, args: [fixture(name), ...args] });
export const httpTarget = (url: string): Target => ({ transport: 'http', url });

/** The result of one check by id. */
export async function checkResult(id: string, target: Target, options: CheckRunOptions = {}): Promise<CheckResult> {
  const report = await runCheckRun(target, { timeoutMs: 5000, ...options, only: [id] });
  const result = report.results.find((candidate) => candidate.id === id);
  if (!result) throw new Error(`no check with id ${id}`);
  return result;
}

/** Asserts the status, showing the check's message when it differs. */
export async function expectCheck(id: string, target: Target, status: Status, options: CheckRunOptions = {}): Promise<CheckResult> {
  const result = await checkResult(id, target, options);
  expect(result.status, `${id}: ${result.message}`).toBe(status);
  return result;
}

/**
 * Asserts a run of `suites` has nothing but passes on `target` (skips too, with `allowSkips`),
 * listing every other result with its message. Returns the report for further assertions.
 */
export async function expectSuitesClean(target: Target, options: CheckRunOptions & { allowSkips?: boolean }): Promise<RunReport> {
  const report = await runCheckRun(target, { timeoutMs: 5000, ...options });
  const allowed: Status[] = options.allowSkips ? ['pass', 'skip'] : ['pass'];
  const bad = report.results.filter((result) => !allowed.includes(result.status));
  expect(bad.map((result) => `${result.id}: ${result.status} ${result.message}`)).toEqual([]);
  return report;
}

/** The example server over HTTP for the tests of one file: started before them, stopped after. */
export function exampleHttpServer(args: string[] = []): () => string {
  return httpServerForTests(NOTES_SERVER, args);
}

/** A server script over HTTP for the tests of one file or describe block: started before them, stopped after. */
export function httpServerForTests(script: string, args: string[] = [], env: Record<string, string> = {}): () => string {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startHttpServer(script, args, env);
  });
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error(`${script} is not running over HTTP (use the URL inside a test)`);
    return server.url;
  };
}

/**
 * Asserts the result carries a finding with `code` (and `status`, when given): a fixture that
 * fails for another reason than the one the test is about no longer passes. Returns the finding.
 */
export function expectFinding(result: CheckResult, code: string, status?: Status): ResultFinding {
  const codes = result.findings.map((f) => `${f.status} ${f.code ?? '(no code)'}`);
  const finding = result.findings.find((f) => f.code === code && (status === undefined || f.status === status));
  expect(finding, `${result.id}: expected a finding ${status ?? ''} ${code}, got ${codes.join(', ') || 'none'}: ${result.message}`).toBeDefined();
  return finding!;
}
