/**
 * Whether a server is working or waiting, read from /proc (Linux): timing checks must measure the
 * server, not the load of the machine. A process group is busy while one of its processes is
 * runnable or its CPU time grows; a server that waits for input (or ignores EOF) sleeps.
 */
import { readProcFile } from './proc-file.js';
import { otherPids } from './strays.js';

const SAMPLE_MS = 50;

export interface GroupActivity {
  /** CPU time of the group's processes, in clock ticks. */
  ticks: number;
  /** A process of the group is runnable (R) or in uninterruptible sleep (D). */
  working: boolean;
}

/** The activity of process group `pgid`, or undefined where /proc cannot tell (not Linux, group gone). */
export function groupActivity(pgid: number): GroupActivity | undefined {
  let ticks = 0;
  let working = false;
  let members = 0;
  for (const pid of otherPids()) {
    const stat = readStat(pid);
    // A zombie has exited: it only waits to be reaped (late when mcpvet's own loop is busy).
    if (!stat || stat.pgrp !== pgid || exitedState(stat.state)) continue;
    members++;
    ticks += stat.ticks;
    working ||= stat.state === 'R' || stat.state === 'D';
  }
  return members === 0 ? undefined : { ticks, working };
}

/**
 * Resolves once the group has been quiet (no runnable process, no CPU used) for `quietMs`, after
 * `minMs` at least; or after `maxMs` whatever it does; or when `gone` resolves. Where /proc is
 * missing it waits `minMs`, the old fixed settle time.
 */
export async function untilQuiet(pgid: number, options: { minMs: number; quietMs: number; maxMs: number; gone: Promise<unknown> }): Promise<void> {
  let ended = false;
  void options.gone.then(() => (ended = true));
  const started = performance.now();
  let quietSince: number | undefined;
  let last: GroupActivity | undefined;
  while (!ended) {
    const now = performance.now();
    if (now - started >= options.maxMs) return;
    const activity = groupActivity(pgid);
    if (activity === undefined && last === undefined) {
      await Promise.race([delay(Math.max(0, options.minMs - (now - started))), options.gone]);
      return;
    }
    // Seen before and now without a live process: the group has ended, whatever `gone` says yet.
    if (activity === undefined) return;
    const quiet = last !== undefined && !activity.working && activity.ticks === last.ticks;
    quietSince = quiet ? (quietSince ?? now) : undefined;
    if (quietSince !== undefined && now - quietSince >= options.quietMs && now - started >= options.minMs) return;
    last = activity;
    await Promise.race([delay(SAMPLE_MS), options.gone]);
  }
}

/**
 * Whether /proc shows that `pid` has exited: a zombie waiting to be reaped, or gone (reaped, while
 * the exit has not reached the caller's event loop yet). Under load mcpvet learns of an exit late:
 * such a process is not signalled. False where /proc cannot tell (not Linux).
 */
export function exitedByProc(pid: number): boolean {
  if (readProcFile('/proc/self/stat') === undefined) return false;
  const stat = readStat(pid);
  return stat === undefined || exitedState(stat.state);
}

/** Z: a zombie; X: dead (seen only in passing). */
const exitedState = (state: string): boolean => state === 'Z' || state === 'X';

function readStat(pid: number): { state: string; pgrp: number; ticks: number } | undefined {
  const text = readProcFile(`/proc/${pid}/stat`);
  if (text === undefined) return undefined;
  // The command name may hold spaces and parentheses: the fields start after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [state, , pgrp] = fields;
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (state === undefined || pgrp === undefined || !Number.isFinite(utime) || !Number.isFinite(stime)) return undefined;
  return { state, pgrp: Number(pgrp), ticks: utime + stime };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
