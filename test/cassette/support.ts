/** Helpers of the cassette and fault tests: CLI processes that listen, and target shorthands. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StdioTarget } from '../../src/wire/target.js';
import { CLI, NOTES_SERVER } from '../helpers/paths.js';
import { stopChild } from '../helpers/run.js';

export interface Listening {
  url: string;
  child: ChildProcess;
  stderr(): string;
  stop(): Promise<void>;
}

/** Runs `mcpvet ARGS` that serves HTTP, and resolves with the URL it prints ("listening on …"). */
export function startCli(args: string[], env: Record<string, string> = {}): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mcpvet ${args.join(' ')} did not listen within 10 s: ${stderr}`));
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
      reject(new Error(`mcpvet ${args.join(' ')} exited: ${stderr}`));
    });
  });
}

/** `mcpvet ARGS -- node SERVER` as a stdio target. */
export function cliTarget(args: string[], server: string[] = [NOTES_SERVER]): StdioTarget {
  return { transport: 'stdio', command: process.execPath, args: [CLI, ...args, ...(server.length ? ['--', process.execPath, ...server] : [])] };
}

export function notesTarget(): StdioTarget {
  return { transport: 'stdio', command: process.execPath, args: [NOTES_SERVER] };
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'mcpvet-cassette-'));
}
