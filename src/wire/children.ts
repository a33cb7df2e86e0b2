/**
 * Every child process mcpvet starts is registered here, so that no exit path (normal end,
 * error, Ctrl-C, SIGTERM) leaves one running. Children run in their own process group so a
 * wrapper such as `npx` is killed together with the server it started.
 */
import type { ChildProcess } from 'node:child_process';

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

/** Synchronous last resort: on process exit nothing async can run, so SIGKILL what is left. */
export function killAllChildrenNow(): void {
  for (const child of live) killGroup(child, 'SIGKILL');
  live.clear();
}


function hookProcessExit(): void {
  if (hooked) return;
  hooked = true;
  process.once('exit', killAllChildrenNow);
}
