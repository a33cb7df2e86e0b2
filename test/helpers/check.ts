/** Runs checks in-process against real server processes (stdio) or real HTTP servers. */
import { expect } from 'vitest';
import { runCheckRun, type CheckRunOptions } from '../../src/check/run.js';
import type { CheckResult, Status } from '../../src/check/types.js';
import type { Target } from '../../src/wire/target.js';
import { fixture, NOTES_SERVER } from './paths.js';

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
