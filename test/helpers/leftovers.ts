/** Which processes are still running with a marker variable in their environment (Linux /proc). */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { isAlive } from './run.js';

/** A fresh `{ NAME: value }` to put in the environment of everything a test starts. */
export function processMarker(): Record<string, string> {
  return { MCPVET_TEST_MARKER: randomBytes(8).toString('hex') };
}

/** The pids of live (not zombie) processes whose environment carries the marker. */
export function processesWithMarker(marker: Record<string, string>): number[] {
  const [entry] = Object.entries(marker).map(([name, value]) => `${name}=${value}`);
  return readdirSync('/proc')
    .map(Number)
    .filter((pid) => Number.isInteger(pid) && pid !== process.pid)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'latin1')
          .split('\0')
          .includes(entry as string);
      } catch {
        return false;
      }
    })
    .filter(isAlive);
}

/** Waits (up to `ms`) for no process with the marker to be left; returns those still there. */
export async function leftovers(marker: Record<string, string>, ms = 1000): Promise<number[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const pids = processesWithMarker(marker);
    if (pids.length === 0 || Date.now() > deadline) return pids;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** SIGKILLs what a failed test left behind, so one failure does not leak into the next. */
export function killLeftovers(marker: Record<string, string>): void {
  for (const pid of processesWithMarker(marker)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone.
    }
  }
}
