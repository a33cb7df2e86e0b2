/**
 * Canary secrets and what a canary test collects: every output stream of a command and every
 * file it wrote. The secret-echo fixture puts what it receives into its answers, so each value
 * reaches mcpvet; none may reach a user-visible output.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { fixture } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';

/** Plain values, so only literal masking (not a token shape or a key=value rule) can hide them. */
export const CANARY = {
  env: 'cnryEnv8c1f5e',
  header: 'cnryHdr2b7d9a',
  bearer: 'cnryBearer93d1',
  // With characters that URL-encoding changes: the server echoes both forms.
  query: 'cnryQry4e6a0c/x+y',
} as const;

const FORMS = Object.values(CANARY).flatMap((value) => [value, encodeURIComponent(value)]);

export const ECHO_SERVER = fixture('secret-echo-server');

export interface Output {
  name: string;
  text: string;
}

export const tmp = (): string => mkdtempSync(join(tmpdir(), 'mcpvet-canary-'));

/** Every file under dir, recursively. */
export function filesUnder(dir: string): Output[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [{ name: path, text: readFileSync(path, 'utf8') }];
  });
}

/** Runs the CLI and returns its stdout, stderr and the files it wrote under dir. */
export async function runCollecting(label: string, args: string[], dir?: string): Promise<Output[]> {
  const result = await runCli(args, { timeoutMs: 60_000, env: { CANARY_ENV: '' } });
  const outputs = [
    { name: `${label} stdout`, text: result.stdout },
    { name: `${label} stderr`, text: result.stderr },
  ];
  if (dir) outputs.push(...filesUnder(dir).map((file) => ({ name: `${label} ${file.name}`, text: file.text })));
  return outputs;
}

/** No canary in any output; and the echo did arrive (else the test could not fail). */
export function expectNoCanary(outputs: Output[], echoed: RegExp): void {
  for (const output of outputs) {
    for (const form of FORMS) expect(output.text.includes(form), `${output.name} contains ${form}:\n${output.text.slice(0, 2000)}`).toBe(false);
  }
  expect(
    outputs.some((output) => echoed.test(output.text)),
    `no output shows ${echoed} (did the server echo?)`,
  ).toBe(true);
}
