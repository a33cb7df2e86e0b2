/** The guarantees every hostile case asserts, with messages that say which one broke. */
import { expect } from 'vitest';
import type { HostileRun } from './harness.js';

export interface Expectation {
  /** Exit codes that are correct for this case (several where the README leaves the choice open). */
  codes: number[];
  /** Wall-time bound in ms. */
  maxMs: number;
  /** Peak RSS bound of mcpvet's processes, in MB (cases about memory). */
  maxRssMb?: number;
  /** Longest stderr line allowed (default 2000 characters). */
  maxLineChars?: number;
  /** The error line must match (for cases where the issue says what it must say). */
  message?: RegExp;
  /** The command prints a JSON error envelope (`call`): the last stderr line must parse as one. */
  envelope?: boolean;
  /** Text that must appear nowhere in stdout or stderr (secrets). */
  never?: string[];
}

const STACK_LINE = /^\s+at .+[:(]/m;
const CRASH_TEXT = /Maximum call stack size exceeded|TimeoutOverflowWarning|node:internal|UnhandledPromiseRejection|FATAL ERROR|JavaScript heap out of memory/;

export function lastLine(text: string): string {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return lines[lines.length - 1] ?? '';
}

export function expectClean(run: HostileRun, expected: Expectation): void {
  const summary = `exit ${run.code}${run.signal ? ` (${run.signal})` : ''} after ${run.ms} ms, peak ${run.peakRssMb} MB; stderr ends: ${lastLine(run.stderr).slice(0, 400)}`;
  expect(run.hung, `mcpvet hung and was killed: ${summary}`).toBe(false);
  expect(run.leftovers, `processes left behind: ${summary}`).toEqual([]);
  expect(run.zombies, `children left unreaped: ${summary}`).toEqual([]);
  expect(expected.codes, `unexpected exit code: ${summary}`).toContain(run.code);
  expect(run.ms, `too slow: ${summary}`).toBeLessThanOrEqual(expected.maxMs);
  if (expected.maxRssMb !== undefined) expect(run.peakRssMb, `too much memory: ${summary}`).toBeLessThanOrEqual(expected.maxRssMb);
  expect(STACK_LINE.test(run.stderr), `a stack trace on stderr: ${summary}`).toBe(false);
  expect(CRASH_TEXT.exec(run.stderr)?.[0], `a crash on stderr: ${summary}`).toBeUndefined();
  const longest = run.stderr.split('\n').reduce((max, line) => Math.max(max, line.length), 0);
  expect(longest, `an overlong stderr line: ${summary}`).toBeLessThanOrEqual(expected.maxLineChars ?? 2000);
  const line = lastLine(run.stderr);
  if (run.code !== 0 && run.code !== 2) {
    expect(line, `no error line: ${summary}`).not.toBe('');
    if (expected.envelope && run.code !== 130 && run.code !== 143) expect(() => JSON.parse(line), `not a JSON error envelope: ${summary}`).not.toThrow();
  }
  if (expected.message) expect(line, `the error line does not say what it must: ${summary}`).toMatch(expected.message);
  for (const secret of expected.never ?? []) {
    expect(run.stdout.includes(secret) || run.stderr.includes(secret), `a secret reached the output: ${summary}`).toBe(false);
  }
}
