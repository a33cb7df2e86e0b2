/**
 * Every child process mcpvet starts is registered here, so that no exit path (normal end,
 * error, Ctrl-C, SIGTERM) leaves one running. Children run in their own process group so a
 * wrapper such as `npx` is killed together with the server it started; what left the group
 * (a grandchild in its own session) is found by the marker in its environment (strays.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { findMarked, killPids } from './strays.js';

const live = new Set<ChildProcess>();
let hooked = false;

export function registerChild(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
  child.once('error', () => live.delete(child));
  hookProcessExit();
}

export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
  }
}

/**
 * SIGKILLs what is left of a child's process group once the child itself exited (its grandchildren).
 * Call it from the 'exit' event: while members remain, the group id cannot be reused.
 */
export function killOrphanedGroup(pgid: number | undefined): void {
  if (pgid === undefined) return;
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // The group is empty.
  }
}

/** Synchronous last resort: on process exit nothing async can run, so SIGKILL what is left. */
export function killAllChildrenNow(): void {
  if (live.size === 0) return; // Each child that exited had what it left behind killed then (stdio.ts).
  for (const child of live) killGroup(child, 'SIGKILL');
  live.clear();
  // Grandchildren that left their group (setsid) still carry this mcpvet's marker.
  killPids(findMarked());
}

function hookProcessExit(): void {
  if (hooked) return;
  hooked = true;
  process.once('exit', killAllChildrenNow);
}
