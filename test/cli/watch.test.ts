/**
 * `check --watch` and `lint --watch` as a user runs them: a real CLI process watching a folder
 * with a server file in it; the file is rewritten to break a rule and back, and each report ends
 * with what changed. SIGTERM ends it, with no server left behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { killLeftovers, leftovers, processesWithMarker, processMarker } from '../helpers/leftovers.js';
import { CLI, fixture, NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';

let marker: Record<string, string>;
beforeEach(() => {
  marker = processMarker();
});
afterEach(() => killLeftovers(marker));

/** A folder holding server.mjs, which runs whichever server `serve` points it at. */
function serverFolder(): { dir: string; file: string; serve(script: string): void } {
  const dir = mkdtempSync(join(tmpdir(), 'mcpvet-watch-'));
  const file = join(dir, 'server.mjs');
  const serve = (script: string) => writeFileSync(file, `import ${JSON.stringify(script)};\n`);
  serve(NOTES_SERVER);
  return { dir, file, serve };
}

interface Watching {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once `pattern` has matched `count` times on stdout. */
  waitFor(pattern: RegExp, count: number, ms?: number): Promise<void>;
  exited(ms?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startWatching(args: string[], env: Record<string, string> = {}): Watching {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...marker, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const count = (pattern: RegExp) => stdout.match(new RegExp(pattern.source, `g${pattern.flags}`))?.length ?? 0;
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    waitFor: (pattern, times, ms = 15_000) =>
      new Promise((resolve, reject) => {
        const deadline = Date.now() + ms;
        const poll = setInterval(() => {
          if (count(pattern) >= times) {
            clearInterval(poll);
            resolve();
          } else if (Date.now() > deadline || child.exitCode !== null) {
            clearInterval(poll);
            reject(new Error(`no ${times}x ${pattern} within ${ms} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
          }
        }, 50);
      }),
    exited: (ms = 5000) =>
      new Promise((resolve, reject) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve({ code: child.exitCode, signal: child.signalCode });
        const timer = setTimeout(() => reject(new Error(`still running ${ms} ms after SIGTERM`)), ms);
        child.once('exit', (code, signal) => {
          clearTimeout(timer);
          resolve({ code, signal });
        });
      }),
  };
}

/** Waits (up to 3 s) until no process but mcpvet itself carries the marker: the last run's server was reaped. */
async function onlyMcpvetLeft(watching: Watching): Promise<number[]> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const others = processesWithMarker(marker).filter((pid) => pid !== watching.child.pid);
    if (others.length === 0 || Date.now() > deadline) return others;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The text after the last "since the last run:". */
const lastDiff = (stdout: string): string => stdout.slice(stdout.lastIndexOf('since the last run:'));

describe('--watch', () => {
  it('check: a change that breaks a check shows under new failures, the fix under fixed', { timeout: 60_000 }, async () => {
    const server = serverFolder();
    const watching = startWatching(['check', '--watch', server.dir, '--suite', 'tools', '-q', '--', process.execPath, server.file]);
    try {
      await watching.waitFor(/^checks: /m, 1);
      expect(watching.stdout()).not.toContain('since the last run');

      server.serve(fixture('tools-input-schema-invalid'));
      await watching.waitFor(/^since the last run:/m, 1);
      expect(lastDiff(watching.stdout())).toMatch(/new failures \(1\)\n\s+tools\.input-schema-compiles\/schema-does-not-compile\n/);

      server.serve(NOTES_SERVER);
      await watching.waitFor(/^since the last run:/m, 2);
      expect(lastDiff(watching.stdout())).toMatch(/fixed \(1\)\n\s+tools\.input-schema-compiles\/schema-does-not-compile\n/);
      expect(lastDiff(watching.stdout())).not.toContain('new failures');
      expect(await onlyMcpvetLeft(watching)).toEqual([]);

      writeFileSync(server.file, `// touched\nimport ${JSON.stringify(NOTES_SERVER)};\n`);
      await watching.waitFor(/^since the last run:/m, 3);
      expect(lastDiff(watching.stdout())).toBe('since the last run:\n  no change\n');

      watching.child.kill('SIGTERM');
      expect(await watching.exited()).toEqual({ code: 143, signal: null });
      expect(await leftovers(marker, 3000)).toEqual([]);
    } finally {
      watching.child.kill('SIGKILL');
    }
  });

  it('lint: a tool whose schema breaks shows under new failures, then fixed; Ctrl-C exits 130', { timeout: 60_000 }, async () => {
    const server = serverFolder();
    const watching = startWatching(['lint', '--watch', server.file, '--', process.execPath, server.file]);
    try {
      await watching.waitFor(/No lint findings in 9 tool/, 1);

      server.serve(fixture('lint-broken-schema'));
      await watching.waitFor(/^since the last run:/m, 1);
      expect(lastDiff(watching.stdout())).toMatch(/new failures \(1\)\n\s+get_note: schema\.input-root-type\n/);

      server.serve(NOTES_SERVER);
      await watching.waitFor(/^since the last run:/m, 2);
      expect(lastDiff(watching.stdout())).toMatch(/fixed \(1\)\n\s+get_note: schema\.input-root-type\n/);

      watching.child.kill('SIGINT');
      expect(await watching.exited()).toEqual({ code: 130, signal: null });
      expect(await leftovers(marker, 3000)).toEqual([]);
    } finally {
      watching.child.kill('SIGKILL');
    }
  });

  it('a server that does not start is one line, and watching goes on; the next report compares with the last good one', { timeout: 60_000 }, async () => {
    const server = serverFolder();
    const watching = startWatching(['lint', '--watch', server.dir, '--', process.execPath, server.file]);
    try {
      await watching.waitFor(/No lint findings in 9 tool/, 1);
      writeFileSync(server.file, 'this is not javascript(\n');
      await watching.waitFor(/^── run 2/m, 1);
      const deadline = Date.now() + 15_000;
      while (!/^mcpvet: (?!watching)/m.test(watching.stderr()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(watching.stderr()).toMatch(/^mcpvet: (?!watching).+/m);
      expect(watching.stdout()).not.toContain('since the last run');

      server.serve(fixture('lint-broken-schema'));
      await watching.waitFor(/^since the last run:/m, 1);
      expect(lastDiff(watching.stdout())).toMatch(/new failures \(1\)\n\s+get_note: schema\.input-root-type\n/);
      expect(await onlyMcpvetLeft(watching)).toEqual([]);

      watching.child.kill('SIGTERM');
      expect(await watching.exited()).toEqual({ code: 143, signal: null });
      expect(await leftovers(marker, 3000)).toEqual([]);
    } finally {
      watching.child.kill('SIGKILL');
    }
  });

  it('runs never overlap: changes during a run queue exactly one more run', { timeout: 60_000 }, async () => {
    const server = serverFolder();
    server.serve(fixture('slow-start'));
    const touch = (n: number) => writeFileSync(server.file, `// edit ${n}\nimport ${JSON.stringify(fixture('slow-start'))};\n`);
    const watching = startWatching(['lint', '--watch', server.file, '--', process.execPath, server.file], { START_DELAY_MS: '1500' });
    try {
      await watching.waitFor(/No lint findings in 9 tool/, 1);
      touch(1);
      await watching.waitFor(/^── run 2/m, 1);
      // Both during run 2 (its server takes 1.5 s to start), 400 ms apart: two changes, one more run.
      touch(2);
      await new Promise((resolve) => setTimeout(resolve, 400));
      touch(3);
      await watching.waitFor(/^since the last run:/m, 2);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const stdout = watching.stdout();
      expect(stdout.match(/^── run \d+/gm)).toEqual(['── run 2', '── run 3']);
      // Each run's report and diff comes before the next run's header.
      const runs = stdout.split(/^── run \d+: files changed ──\n/m);
      expect(runs).toHaveLength(3);
      for (const run of runs.slice(1)) expect(run).toMatch(/^No lint findings in 9 tool\(s\)\.\n\nsince the last run:\n {2}no change\n\n?$/);

      watching.child.kill('SIGTERM');
      expect(await watching.exited()).toEqual({ code: 143, signal: null });
      expect(await leftovers(marker, 3000)).toEqual([]);
    } finally {
      watching.child.kill('SIGKILL');
    }
  });

  it('usage errors are one line and exit 1: another format, -o, a path that does not exist', async () => {
    const server = serverFolder();
    const cases = [
      ['check', '--watch', server.dir, '--format', 'json', '--', process.execPath, server.file],
      ['check', '--watch', server.dir, '-o', join(server.dir, 'out'), '--', process.execPath, server.file],
      ['lint', '--watch', server.dir, '--format', 'json', '--', process.execPath, server.file],
      ['check', '--watch', join(server.dir, 'nope'), '--', process.execPath, server.file],
      ['lint', '--watch', join(server.dir, 'nope'), '--', process.execPath, server.file],
    ];
    for (const args of cases) {
      const result = await runCli(args, { env: marker });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/^mcpvet: --watch/);
    }
    expect(await leftovers(marker)).toEqual([]);
  });

  it('a usage error found by the first run ends it: one line, exit 1, no watcher keeps it alive', async () => {
    const server = serverFolder();
    for (const args of [
      ['check', '--watch', server.dir, '--suite', 'nope', '--', process.execPath, server.file],
      ['lint', '--watch', server.dir, '--profile', 'nope', '--', process.execPath, server.file],
    ]) {
      const result = await runCli(args, { env: marker, timeoutMs: 15_000 });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/^mcpvet: unknown (suite|lint profile) "nope"/);
    }
    expect(await leftovers(marker)).toEqual([]);
  });
});
