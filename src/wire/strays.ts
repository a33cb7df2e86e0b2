/**
 * Finding processes that escaped their process group. A server may start a grandchild in its own
 * session (`setsid`, a daemon): killing the server's group misses it, and if it holds the stdout
 * pipe it keeps mcpvet waiting. On Linux two traces lead to it: every process mcpvet spawns (and
 * everything those start) inherits a marker variable naming the spawn, and a grandchild that kept
 * the pipe has an fd linking to the same socket as the server's stdio. Elsewhere /proc is absent
 * and these scans find nothing: the process group is then all mcpvet can reach.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readlinkSync } from 'node:fs';
import { readProcFile } from './proc-file.js';

/** Carries the spawn tokens of every mcpvet above a process, space-separated (nested runs add theirs). */
export const SPAWN_MARKER = 'MCPVET_SPAWNED_BY';

/** This mcpvet process's token; each spawn adds a counter to it. */
const PROCESS_TOKEN = `${process.pid}-${randomBytes(4).toString('hex')}`;
let spawnCount = 0;

/** A token for one spawn, and the marker value its environment gets. */
export function newSpawnMark(inherited: string | undefined): { token: string; value: string } {
  const token = `${PROCESS_TOKEN}.${++spawnCount}`;
  return { token, value: inherited ? `${inherited} ${token}` : token };
}

/** Processes whose marker names this spawn token (or, with no token, any spawn of this mcpvet). */
export function findMarked(token?: string): number[] {
  const wanted = (value: string) => value.split(' ').some((entry) => (token ? entry === token : entry.startsWith(`${PROCESS_TOKEN}.`)));
  return otherPids().filter((pid) => {
    const value = markerOf(pid);
    return value !== undefined && wanted(value);
  });
}

/** What the fds 0-2 of a just-spawned process link to (`socket:[123]`, `pipe:[456]`): its ends of our stdio. */
export function stdioLinks(pid: number | undefined): string[] {
  if (pid === undefined) return [];
  const links: string[] = [];
  for (const fd of [0, 1, 2]) {
    try {
      links.push(readlinkSync(`/proc/${pid}/fd/${fd}`));
    } catch {
      // No /proc, or the process is already gone.
    }
  }
  return links;
}

/** Processes holding an fd that links to one of `links` (they kept the server's stdio open). */
export function findHolders(links: string[]): number[] {
  if (links.length === 0) return [];
  const wanted = new Set(links);
  return otherPids().filter((pid) => {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      return false;
    }
    return fds.some((fd) => {
      try {
        return wanted.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
  });
}

export function killPids(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

export function otherPids(): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const entry of entries) {
    const pid = Number(entry);
    if (Number.isInteger(pid) && pid > 1 && pid !== process.pid) pids.push(pid);
  }
  return pids;
}

function markerOf(pid: number): string | undefined {
  const environ = readProcFile(`/proc/${pid}/environ`);
  if (environ === undefined) return undefined;
  // Found without splitting the whole environment: this runs for every process on the machine.
  const key = `${SPAWN_MARKER}=`;
  const at = environ.startsWith(key) ? 0 : environ.indexOf(`\0${key}`) + 1;
  if (at === 0 && !environ.startsWith(key)) return undefined;
  const start = at + key.length;
  const end = environ.indexOf('\0', start);
  return environ.slice(start, end === -1 ? undefined : end);
}
