/**
 * Runs the real CLI against a hostile server and measures what a user would suffer: the exit
 * code, the last line of stderr, wall time, peak memory, and every process left behind.
 *
 * Each run gets a unique marker in the environment (inherited by whatever mcpvet starts, and
 * passed with `-e` to stdio servers too). While mcpvet runs, /proc is polled for processes that
 * carry it (their peak RSS, zombies mcpvet does not reap); after it exits, any process that
 * still carries it is a leftover, reported and then killed so the suite itself leaks nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI } from '../helpers/paths.js';

export const MARKER_NAME = 'MCPVET_HOSTILE_MARKER';
export const SERVERS = join(fileURLToPath(new URL('.', import.meta.url)), 'servers');
export { CLI };

export interface HostileRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stdoutBytes: number;
  stderr: string;
  ms: number;
  /** The outer kill timer fired: mcpvet hung. */
  hung: boolean;
  /** Highest VmHWM (MB) of any mcpvet process of the run (the CLI and any mcpvet it started). */
  peakRssMb: number;
  /** Processes carrying the marker still alive after mcpvet exited (pid and command line). */
  leftovers: string[];
  /** Children mcpvet left unreaped (state Z with an mcpvet parent) for a second or more. */
  zombies: string[];
}

export interface RunOptions {
  /** SIGKILL everything after this long (default 30 s); `hung` is then true. */
  killAfterMs?: number;
  /** Send this signal to mcpvet's process group after `signalAfterMs` (a Ctrl-C is SIGINT to the group). */
  signal?: NodeJS.Signals;
  signalAfterMs?: number;
  env?: Record<string, string>;
  input?: string;
  /** Names the case in the MCPVET_HOSTILE_REPORT file (an HTTP server's mode: its URL does not say it). */
  label?: string;
}

/** What a test needs to build a command line: the marker, and stdio targets that carry it. */
export interface RunContext {
  marker: string;
  /** `-e MARKER=… -- node servers/FILE ARGS…`: a stdio target after the command's own flags. */
  stdio(file: string, ...args: string[]): string[];
  /** `node dist/cli.js`: for chains (a client that starts `mcpvet proxy` as its server). */
  cli: string[];
}

const CAPTURE_LIMIT = 8 * 1024 * 1024;

export function context(marker = randomUUID()): RunContext {
  return {
    marker,
    stdio: (file, ...args) => ['-e', `${MARKER_NAME}=${marker}`, '--', process.execPath, join(SERVERS, file), ...args],
    cli: [process.execPath, CLI],
  };
}

/** Runs `node dist/cli.js ARGS` with the context's marker and watches it until it and its processes are gone. */
export async function runHostile(ctx: RunContext, args: string[], options: RunOptions = {}): Promise<HostileRun> {
  const started = Date.now();
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...options.env, [MARKER_NAME]: ctx.marker },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true, // its own process group, so a Ctrl-C reaches it and its servers as in a terminal
  });
  const stdout = capture(child.stdout);
  const stderr = capture(child.stderr);
  child.stdin.on('error', () => {});
  child.stdin.end(options.input ?? '');

  const watch = watchProcesses(ctx.marker, child.pid as number);
  let hung = false;
  const killTimer = setTimeout(() => {
    hung = true;
    killGroup(child);
  }, options.killAfterMs ?? 30_000);
  const signalTimer = options.signal ? setTimeout(() => killGroup(child, options.signal), options.signalAfterMs ?? 500) : undefined;

  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const ms = Date.now() - started;
  clearTimeout(killTimer);
  if (signalTimer) clearTimeout(signalTimer);
  watch.stop();
  const leftovers = await leftoversAfterExit(ctx.marker);
  // MCPVET_HOSTILE_REPORT=FILE appends each run's wall time, peak memory, exit code and command
  // line (its server part): the numbers the bounds are set from.
  const report = process.env.MCPVET_HOSTILE_REPORT;
  if (report) appendFileSync(report, `${ms}\t${watch.peakRssMb()}\t${code}\t${describeRun(args)}${options.label ? ` ${options.label}` : ''}\n`);
  return {
    code,
    signal,
    stdout: stdout.text(),
    stdoutBytes: stdout.bytes(),
    stderr: stderr.text(),
    ms,
    hung,
    peakRssMb: watch.peakRssMb(),
    leftovers,
    zombies: watch.zombies(),
  };
}

/** The command and what it was pointed at, without scratch paths: `check … hang.mjs never`. */
function describeRun(args: string[]): string {
  const server = args.findIndex((arg) => arg.startsWith(SERVERS));
  const url = args.indexOf('--url');
  const target = server >= 0 ? args.slice(server).join(' ').replace(`${SERVERS}/`, '') : url >= 0 ? (args[url + 1] ?? '') : '';
  return `${args[0]} ${args.includes('proxy') ? '(via proxy) ' : args.includes('record') && args[0] !== 'record' ? '(via record) ' : ''}${target}`;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(-(child.pid as number), signal);
  } catch {
    child.kill(signal);
  }
}

/** Keeps the first CAPTURE_LIMIT bytes of a stream (a flood must not exhaust the test runner). */
function capture(stream: NodeJS.ReadableStream): { text(): string; bytes(): number } {
  const chunks: Buffer[] = [];
  let kept = 0;
  let total = 0;
  stream.on('data', (chunk: Buffer) => {
    total += chunk.length;
    if (kept >= CAPTURE_LIMIT) return;
    chunks.push(chunk);
    kept += chunk.length;
  });
  return { text: () => Buffer.concat(chunks).toString('utf8'), bytes: () => total };
}

interface ProcessInfo {
  pid: number;
  ppid: number;
  state: string;
  /** CPU time, user and system, of all its threads (clock ticks). */
  ticks: number;
  cmdline: string;
}

function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { pid, ppid: Number(after[1]), state: after[0] as string, ticks: Number(after[11]) + Number(after[12]), cmdline };
  } catch {
    return undefined;
  }
}

function pids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

function carriesMarker(pid: number, marker: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`${MARKER_NAME}=${marker}`);
  } catch {
    return false;
  }
}

function peakRssKb(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * Polls /proc while mcpvet runs: peak RSS of mcpvet processes, and children it leaves as zombies.
 * Whether a process is ours is read once per pid (its environ and command line do not change):
 * re-reading every process's files five times a second cost more CPU than some cases under test.
 */
export function watchProcesses(marker: string, rootPid: number): { stop(): void; peakRssMb(): number; zombies(): string[] } {
  let peakKb = 0;
  const mcpvetPids = new Set<number>([rootPid]);
  /** pid → ours (carries the marker, or is mcpvet's child); strangers are never read again. */
  const known = new Map<number, boolean>();
  const zombies = new Map<number, Zombie>();
  const lasting = new Set<string>();
  /** The CPU ticks of each mcpvet process at the last poll: one that used none sat idle. */
  const lastTicks = new Map<number, number>();
  const poll = (): void => {
    const now = Date.now();
    const idle = idleSinceLastPoll(mcpvetPids, lastTicks);
    for (const pid of pids()) {
      if (known.get(pid) === false) continue;
      const info = readProcess(pid);
      if (!info) continue;
      // Zombies have no environ: they are found as children in state Z of an mcpvet process.
      if (info.state === 'Z') {
        if (!mcpvetPids.has(info.ppid)) continue;
        const seen = zombies.get(pid) ?? { since: now, polled: now, idleMs: 0, cmdline: `${pid} (child of mcpvet ${info.ppid})` };
        if (idle.has(info.ppid)) seen.idleMs += now - seen.polled;
        seen.polled = now;
        zombies.set(pid, seen);
        if (seen.idleMs >= ZOMBIE_IDLE_MS || now - seen.since >= ZOMBIE_ANY_MS) lasting.add(seen.cmdline);
        continue;
      }
      if (!known.has(pid)) {
        const ours = mcpvetPids.has(pid) || carriesMarker(pid, marker);
        // A child of mcpvet still starting has the environ of its parent until it execs: ask again later.
        if (!ours && mcpvetPids.has(info.ppid)) continue;
        known.set(pid, ours);
        if (!ours) continue;
      }
      if (info.cmdline.includes(CLI)) mcpvetPids.add(pid);
      if (mcpvetPids.has(pid)) peakKb = Math.max(peakKb, peakRssKb(pid));
    }
  };
  poll();
  const timer = setInterval(poll, 200);
  return {
    stop: () => {
      poll();
      clearInterval(timer);
    },
    peakRssMb: () => Math.round(peakKb / 1024),
    zombies: () => [...lasting],
  };
}

/**
 * A zombie is left unreaped when mcpvet sat idle (asleep, no CPU used) for 3 s in all while it
 * existed: only a busy event loop reaps late (a 200 MB line leaves garbage that takes seconds to
 * collect at a load average of 15), and a busy loop is no leak. 10 s unreaped is one whatever.
 */
const ZOMBIE_IDLE_MS = 3000;
const ZOMBIE_ANY_MS = 10_000;

interface Zombie {
  since: number;
  /** When it was last seen. */
  polled: number;
  /** How long its parent sat idle meanwhile. */
  idleMs: number;
  cmdline: string;
}

/** The mcpvet processes that slept and used no CPU since the last poll (none on the first). */
function idleSinceLastPoll(mcpvetPids: Set<number>, lastTicks: Map<number, number>): Set<number> {
  const idle = new Set<number>();
  for (const pid of mcpvetPids) {
    const activity = readProcess(pid);
    if (!activity) continue;
    if (activity.state !== 'R' && activity.ticks === lastTicks.get(pid)) idle.add(pid);
    lastTicks.set(pid, activity.ticks);
  }
  return idle;
}

/** Processes still carrying the marker half a second after mcpvet exited; each is then killed. */
async function leftoversAfterExit(marker: string): Promise<string[]> {
  const deadline = Date.now() + 500;
  let alive: ProcessInfo[] = [];
  for (;;) {
    alive = pids()
      .filter((pid) => carriesMarker(pid, marker))
      .map(readProcess)
      .filter((info): info is ProcessInfo => info !== undefined && info.state !== 'Z');
    if (alive.length === 0 || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const info of alive) {
    try {
      process.kill(info.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  return alive.map((info) => `${info.pid} ${info.cmdline.slice(0, 200)}`);
}

export interface HttpServer {
  url: string;
  /** What the server wrote to stderr (the `count` mode logs one `hit` per request). */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts `node servers/http.mjs MODE …` (with a marker of its own: it is ours, not mcpvet's) and waits for its URL. */
export function startHttp(mode: string, ...args: string[]): Promise<HttpServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(SERVERS, 'http.mjs'), mode, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`http.mjs ${mode} did not listen within 15 s: ${stderr}`));
    }, 15_000);
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1] as string, stderr: () => stderr, stop: () => stop(child) });
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      reject(new Error(`http.mjs ${mode} exited before it was ready: ${stderr}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** At most `limit` runs at once: the matrix shares two cores with everything else. */
export function limiter(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (work) => {
    while (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await work();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
