/**
 * The warm pool of stdio processes: a process is handed over untouched (its first message is the
 * taker's own), the checks that judge a process's first message still judge it with the pool in
 * use, and no process is left behind after a run, a failed start, or Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/client/connect.js';
import { defineCheck, pass } from '../../src/check/define.js';
import { runCheckRun } from '../../src/check/run.js';
import { WarmPool } from '../../src/check/warm-pool.js';
import type { CheckDefinition } from '../../src/check/types.js';
import type { StdioTarget } from '../../src/wire/target.js';
import { expectFinding, fixtureStdio } from '../helpers/check.js';
import { killLeftovers, leftovers, processMarker } from '../helpers/leftovers.js';
import { CLI, fixture } from '../helpers/paths.js';

interface LogEntry {
  pid: number;
  at: number;
  event: 'start' | 'first';
  method?: string;
}

let marker: Record<string, string> = {};
afterEach(() => killLeftovers(marker));

/** The slow-starting server, marked, logging each process's start and first message to a new file. */
function slowServer(delayMs: number): { target: StdioTarget; log: () => LogEntry[]; file: string } {
  marker = processMarker();
  const file = join(mkdtempSync(join(tmpdir(), 'mcpvet-warm-')), 'processes.ndjson');
  const target: StdioTarget = {
    transport: 'stdio',
    command: process.execPath,
    args: [fixture('slow-start')],
    env: { ...marker, START_DELAY_MS: String(delayMs), SLOW_START_LOG: file },
  };
  const log = (): LogEntry[] =>
    existsSync(file)
      ? readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as LogEntry)
      : [];
  return { target, log, file };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 12 checks that only wait and 14 that may take a fresh process (and only wait), and the most of each seen running at once. */
function waiting() {
  const running = { plain: 0, fresh: 0 };
  const most = { plain: 0, fresh: 0, all: 0 };
  const check = (i: number, lane: 'plain' | 'fresh') =>
    defineCheck({
      id: `t.waits-${lane}-${i}`,
      title: 'waits',
      suite: 'protocol',
      requirements: ['BASE-01'],
      spec: 'test',
      freshProcesses: lane === 'fresh' ? 1 : 0,
      run: async () => {
        most[lane] = Math.max(most[lane], ++running[lane]);
        most.all = Math.max(most.all, running.plain + running.fresh);
        await wait(400);
        running[lane]--;
        return pass('waited');
      },
    });
  const checks: CheckDefinition[] = [...Array.from({ length: 12 }, (_, i) => check(i, 'plain')), ...Array.from({ length: 14 }, (_, i) => check(i, 'fresh'))];
  return { checks, most };
}

/** Node arguments for the slow-start server (with `extra` as its arguments) behind 1.5 s of CPU, each process logged as 'spawned'. */
function busyFirst(...extra: string[]): string[] {
  const busy = [
    "import { appendFileSync } from 'node:fs';",
    "appendFileSync(process.env.SLOW_START_LOG, JSON.stringify({ pid: process.pid, at: Date.now(), event: 'spawned' }) + '\\n');",
    'const end = Date.now() + 1500; while (Date.now() < end);',
    `await import(${JSON.stringify(fixture('slow-start'))});`,
  ].join('\n');
  return ['--input-type=module', '-e', busy, '--', ...extra];
}

describe('warm pool', () => {
  it('hands over a process that got nothing, and closes the rest', async () => {
    const { target, log } = slowServer(200);
    const pool = new WarmPool(target, 2);
    await wait(800);
    const channel = pool.take();
    expect(channel.trace.frames.filter((frame) => frame.direction === 'send')).toEqual([]);
    const client = await connect(target, { era: 'modern', timeoutMs: 5000, channel });
    try {
      expect(client.trace).toBe(channel.trace);
      expect(client.serverInfo?.name).toBeTruthy();
    } finally {
      await Promise.all([client.close(), pool.close()]);
    }
    const entries = log();
    // Two started with the pool (the one started to refill it may be closed before it logs).
    expect(entries.filter((entry) => entry.event === 'start').length).toBeGreaterThanOrEqual(2);
    // Only the process taken got a message, and its first was the taker's own.
    expect(entries.filter((entry) => entry.event === 'first').map((entry) => entry.method)).toEqual(['server/discover']);
    expect(await leftovers(marker)).toEqual([]);
  });

  it('starts no more processes than the run may take, and a lease gives back what it did not take', async () => {
    const { target, log } = slowServer(100);
    const pool = new WarmPool(target, 6, 1);
    const lease = pool.lease(2);
    expect(pool.waiting).toBe(1);
    pool.expect(3);
    expect(pool.waiting).toBe(3);
    const channel = lease.take();
    // Two more may still be taken: one by the lease, one by another check.
    expect(pool.waiting).toBe(2);
    lease.end();
    await wait(500);
    expect(pool.waiting).toBe(2);
    const other = pool.take();
    expect(pool.waiting).toBe(1);
    await Promise.all([channel.close(), other.close(), pool.close()]);
    expect(log().filter((entry) => entry.event === 'start').length).toBeLessThanOrEqual(3);
    expect(await leftovers(marker)).toEqual([]);
  });

  it('a process that ended while it waited is not handed over', async () => {
    marker = processMarker();
    const target: StdioTarget = { transport: 'stdio', command: process.execPath, args: ['-e', 'process.exit(0)'], env: marker };
    const pool = new WarmPool(target, 1);
    await wait(1500);
    const channel = pool.take();
    // The dead one was dropped: this is a process started for the take (not yet exited).
    expect(channel.hasExited).toBe(false);
    await Promise.all([channel.close(), pool.close()]);
    expect(await leftovers(marker)).toEqual([]);
  });

  it('checks that judge the first message of a process judge it on pooled processes', async () => {
    // Several checks, so the run starts a pool; first-request-works takes a process from it.
    const report = await runCheckRun(fixtureStdio('stateless-needs-discover'), {
      timeoutMs: 5000,
      only: ['stateless.first-request-works', 'stateless.tools-list-identical', 'tools.set-stable-across-connections'],
      warmProcesses: 2,
    });
    const result = report.results.find((candidate) => candidate.id === 'stateless.first-request-works');
    expect(result?.status, result?.message).toBe('fail');
    expectFinding(result!, 'first-request-refused');
  });

  it('a full check over stdio leaves no process, and every process got its first message from a check', async () => {
    const { target, log } = slowServer(300);
    const report = await runCheckRun(target, { timeoutMs: 5000, suites: ['stateless', 'tools', 'errors'] });
    expect(report.summary.error, JSON.stringify(report.results.filter((r) => r.status === 'error'))).toBe(0);
    expect(await leftovers(marker, 3000)).toEqual([]);
    const entries = log();
    const started = entries.filter((entry) => entry.event === 'start');
    const firsts = entries.filter((entry) => entry.event === 'first');
    // Fresh connections were needed, and at most the pool's two processes were started in vain.
    expect(started.length).toBeGreaterThan(3);
    expect(started.length - firsts.length).toBeLessThanOrEqual(2);
  }, 60_000);

  it('a server that sits idle while it starts gets its pool before it answers', async () => {
    // 3 s of sleep: under CI load a Node process can take over a second just to start.
    const { target, log } = slowServer(3000);
    await runCheckRun(target, { timeoutMs: 8000, only: ['stateless.tools-list-identical'] });
    const entries = log();
    const [main, ...others] = entries.filter((entry) => entry.event === 'start');
    const answered = entries.find((entry) => entry.pid === main?.pid && entry.event === 'first');
    // The fixture sleeps through its start-up: the pool's processes start while it does.
    expect(others.length).toBeGreaterThanOrEqual(2);
    expect(others[0]!.at).toBeLessThan(answered!.at);
    expect(await leftovers(marker, 3000)).toEqual([]);
  }, 30_000);

  it('a server busy starting up (CPU) gets its pool once it answered', async () => {
    const { target, log } = slowServer(0);
    await runCheckRun({ ...target, args: busyFirst() }, { timeoutMs: 5000, only: ['stateless.tools-list-identical'] });
    const entries = log();
    const [main, ...others] = entries.filter((entry) => (entry.event as string) === 'spawned');
    const answered = entries.find((entry) => entry.pid === main?.pid && entry.event === 'first');
    expect(others.length).toBeGreaterThanOrEqual(2);
    expect(others[0]!.at).toBeGreaterThanOrEqual(answered!.at);
    expect(await leftovers(marker, 3000)).toEqual([]);
  }, 30_000);

  it('a server slow and idle to start gets 8 checks at once and 12 that may take fresh processes, a quick one 4 in all, and --concurrency wins', async () => {
    const runs: [delayMs: number, concurrency: number | undefined, expected: { plain: number; fresh: number; all: number }][] = [
      // 3 s of sleep, as above: under CI load a Node process can take over a second just to start.
      [3000, undefined, { plain: 8, fresh: 12, all: 20 }],
      // A quick starter keeps one lane: its fresh processes are ready soon anyway.
      [0, undefined, { plain: 4, fresh: 4, all: 4 }],
      // An explicit --concurrency bounds every check, in one lane.
      [3000, 2, { plain: 2, fresh: 2, all: 2 }],
    ];
    for (const [delayMs, concurrency, expected] of runs) {
      const { target } = slowServer(delayMs);
      const run = waiting();
      await runCheckRun(target, { timeoutMs: 8000, checks: run.checks, ...(concurrency && { concurrency }) });
      expect(run.most, `start-up delay ${delayMs} ms, --concurrency ${concurrency ?? 'default'}`).toEqual(expected);
      expect(await leftovers(marker, 3000)).toEqual([]);
    }
  }, 60_000);

  it('a legacy server busy while it starts is no idle starter: the era probe’s process waiting after its answer does not count', async () => {
    // server/discover gets -32601 after 1.5 s of CPU; initialize then goes to a new process, busy as long,
    // while the probe's process sits answered and idle. Only its start before the answer tells.
    const { target } = slowServer(0);
    const run = waiting();
    await runCheckRun({ ...target, args: busyFirst('--era', 'legacy') }, { timeoutMs: 8000, checks: run.checks });
    expect(run.most).toEqual({ plain: 4, fresh: 4, all: 4 });
    expect(await leftovers(marker, 3000)).toEqual([]);
  }, 30_000);

  it('the checks that judge how a process exits take warm processes, and still judge them', async () => {
    const { target, log } = slowServer(3000);
    const report = await runCheckRun(target, { timeoutMs: 8000, only: ['stdio.exits-on-stdin-close', 'stdio.exits-before-first-message'] });
    for (const result of report.results) expect(result.status, `${result.id}: ${result.message}`).toBe('pass');
    const entries = log();
    // The run's own process and the pool's three (one for stdin-close, two for exits-before): none started apart.
    expect(entries.filter((entry) => entry.event === 'start')).toHaveLength(4);
    // Only the run's process and stdin-close's got a message: exits-before's two got none.
    expect(entries.filter((entry) => entry.event === 'first')).toHaveLength(2);
    expect(await leftovers(marker, 3000)).toEqual([]);
  }, 30_000);

  it('Ctrl-C during a run exits 130 and leaves no pooled process', async () => {
    const { target, log } = slowServer(1500);
    const mcpvet = spawn(process.execPath, [CLI, 'check', '--', target.command, ...target.args], {
      env: { ...process.env, ...target.env },
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    mcpvet.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => mcpvet.once('exit', (code) => resolve(code)));
    try {
      // The shared connection, the pool's processes and fresh ones are running.
      const deadline = Date.now() + 20_000;
      while (log().filter((entry) => entry.event === 'start').length < 4) {
        if (Date.now() > deadline) throw new Error(`the run started too few processes: ${stderr}`);
        await wait(50);
      }
      mcpvet.kill('SIGINT');
      expect(await exited, stderr).toBe(130);
    } finally {
      mcpvet.kill('SIGKILL');
    }
    expect(await leftovers(marker, 3000)).toEqual([]);
  }, 40_000);
});
