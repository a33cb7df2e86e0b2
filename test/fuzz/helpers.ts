/** What the fuzz tests share: running `mcpvet fuzz` on a server script, with a regression file of its own. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture } from '../helpers/paths.js';
import { runCli, type RunResult } from '../helpers/run.js';

export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'mcpvet-fuzz-'));

/** `mcpvet fuzz FLAGS -- node SCRIPT`, with a fresh regression file unless one is given. */
export function fuzz(script: string, flags: string[], options: { regressions?: string; timeoutMs?: number } = {}): Promise<RunResult> {
  const regressions = options.regressions ?? join(tempDir(), 'regressions.json');
  return runCli(['fuzz', '-q', '--regressions', regressions, ...flags, '--', process.execPath, script], { timeoutMs: options.timeoutMs ?? 25_000 });
}

export const fuzzFixture = (name: string, flags: string[], options: { regressions?: string; timeoutMs?: number } = {}) => fuzz(fixture(name), flags, options);

export interface JsonFailure {
  property: string;
  severity: string;
  tool?: string;
  pointer?: string;
  message: string;
  args?: Record<string, unknown>;
  envelope?: Record<string, unknown>;
  reproduce: string;
  reproduced: boolean;
  fromRegressionFile: boolean;
}

export function failuresOf(result: RunResult): JsonFailure[] {
  return (JSON.parse(result.stdout) as { failures: JsonFailure[] }).failures;
}
