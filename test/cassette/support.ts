/** Helpers of the cassette and fault tests: CLI processes that listen, and target shorthands. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StdioTarget } from '../../src/wire/target.js';
import { CLI, NOTES_SERVER } from '../helpers/paths.js';
import { startListening, type RunningServer } from '../helpers/run.js';

export type Listening = RunningServer;

/** Runs `mcpvet ARGS` that serves HTTP, and resolves with the URL it prints ("listening on …"). */
export function startCli(args: string[], env: Record<string, string> = {}): Promise<Listening> {
  return startListening([CLI, ...args], env);
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
