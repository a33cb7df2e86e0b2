/** Runs the real CLI as a user would, and starts real servers, always with a deadline. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { CLI, NOTES_SERVER } from './paths.js';

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export function runCli(args: string[], options: { timeoutMs?: number; env?: Record<string, string>; input?: string } = {}): Promise<RunResult> {
  return runProcess(process.execPath, [CLI, ...args], options);
}

export function runProcess(
  command: string,
  args: string[],
  options: { timeoutMs?: number; env?: Record<string, string>; input?: string; cwd?: string } = {},
): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...options.env }, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} did not finish within ${options.timeoutMs ?? 20_000} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 20_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started });
    });
    child.stdin.end(options.input ?? '');
  });
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts `node ARGS` and resolves once it prints `… listening on http://…` to stderr. */
export function startListening(args: string[], env: Record<string, string> = {}): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} did not listen within 10 s: ${stderr}`));
    }, 10_000);
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1] as string, child, stderr: () => stderr, stop: () => stopChild(child) });
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited before it was ready: ${stderr}`));
    });
  });
}

/** Starts an HTTP server script that prints `... listening on http://...` to stderr when ready. */
export function startHttpServer(script: string = NOTES_SERVER, args: string[] = [], env: Record<string, string> = {}): Promise<RunningServer> {
  return startListening([script, '--http', '--port', '0', ...args], env);
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * True while a process with this pid runs. A zombie counts as gone: it has exited, and reaping
 * orphans is the job of PID 1, which in some containers never does it.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

export function parseJsonOutput(text: string): Record<string, unknown> {
  return JSON.parse(text) as Record<string, unknown>;
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
