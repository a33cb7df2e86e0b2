/**
 * A server that leaves a grandchild holding its stdout: every command ends in time and leaves no
 * process behind, whether the grandchild stayed in the server's process group or started a
 * session of its own, on a normal end and on Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, fixture } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';
import { killLeftovers, leftovers, processMarker } from '../helpers/leftovers.js';

const server = ['--', process.execPath, fixture('leaves-grandchild')];
const tmp = () => mkdtempSync(join(tmpdir(), 'mcpvet-reap-'));
let marker: Record<string, string> = {};

afterEach(() => killLeftovers(marker));

/** The environment for mcpvet: the test marker, the grandchild's mode, and where it writes its pid. */
function environment(detached: boolean, extra: Record<string, string> = {}): Record<string, string> {
  marker = processMarker();
  return { ...marker, GRANDCHILD_DETACHED: detached ? '1' : '0', GRANDCHILD_PID_FILE: join(tmp(), 'grandchild.pid'), ...extra };
}

describe.each([
  ['in the server’s process group', false],
  ['in a session of its own', true],
])('a grandchild holding stdout, %s', (_label, detached) => {
  const commands: [string, () => string[], number][] = [
    ['call', () => ['call', '--method', 'tools/list'], 0],
    ['lint', () => ['lint'], 0],
    ['snapshot', () => ['snapshot', '-o', join(tmp(), 'contract.json')], 0],
    ['check', () => ['check', '--only', 'tools.list-shape'], 0],
  ];
  for (const [name, args, code] of commands) {
    it(`${name} ends in time and leaves no process`, async () => {
      const result = await runCli([...args(), ...server], { env: environment(detached), timeoutMs: 15_000 });
      expect(result.code, result.stderr).toBe(code);
      expect(result.stderr).not.toMatch(/error|timeout|within/i);
      expect(result.ms).toBeLessThan(8000);
      expect(await leftovers(marker)).toEqual([]);
    });
  }

  it('record ends when the client closes stdin, and leaves no process', async () => {
    const env = environment(detached);
    const request = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'server/discover',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
    });
    const mcpvet = spawn(process.execPath, [CLI, 'record', '-o', join(tmp(), 'c.ndjson'), ...server], {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    mcpvet.stdout.on('data', (chunk) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => mcpvet.once('exit', (exitCode) => resolve(exitCode)));
    try {
      mcpvet.stdin.write(request + '\n');
      await waitFor(() => stdout.includes('"supportedVersions"'), 10_000);
      const started = Date.now();
      mcpvet.stdin.end();
      expect(await exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      mcpvet.kill('SIGKILL');
    }
    expect(await leftovers(marker)).toEqual([]);
  });

  const interrupted: [string, () => string[]][] = [
    ['check', () => ['check', '--timeout', '60000']],
    ['record', () => ['record', '-o', join(tmp(), 'c.ndjson')]],
    ['proxy', () => ['proxy']],
  ];
  for (const [name, args] of interrupted) {
    it(`Ctrl-C of ${name} exits 130 and leaves no process`, async () => {
      const env = environment(detached, { STALL_TOOLS_LIST: '1' });
      const mcpvet = spawn(process.execPath, [CLI, ...args(), ...server], { env: { ...process.env, ...env }, stdio: ['pipe', 'ignore', 'pipe'] });
      let stderr = '';
      mcpvet.stderr.on('data', (chunk) => (stderr += chunk));
      const exited = new Promise<number | null>((resolve) => mcpvet.once('exit', (exitCode) => resolve(exitCode)));
      try {
        await waitFor(() => existsSync(env.GRANDCHILD_PID_FILE as string), 10_000);
        // Long enough for check to be waiting on the stalled tools/list.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        mcpvet.kill('SIGINT');
        const started = Date.now();
        expect(await exited, stderr).toBe(130);
        expect(Date.now() - started).toBeLessThan(3000);
      } finally {
        mcpvet.kill('SIGKILL');
      }
      expect(await leftovers(marker)).toEqual([]);
    });
  }
});

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
