/**
 * When a run's warm pool starts. A server slow to give its first answer while its process sits
 * idle (no CPU used: it sleeps, or waits on the network or a lock) gets its pool at once: extra
 * processes cost it nothing, and fresh connections then skip a second start-up. A server busy
 * starting up (CPU) gets its pool once it answered: processes starting beside it would slow that
 * first answer, and the era probe waits only so long for it.
 */
import { groupActivity, untilQuiet } from '../wire/process-activity.js';
import type { Trace } from '../wire/trace.js';

/** Before this, any server may still answer at once: no pool beside it. */
const FIRST_LOOK_MS = 300;
/** Idle this long means it waits on something other than the CPU. */
const IDLE_MS = 200;

/**
 * Calls `start` once the process group `pid` has been idle before `answered` settled (not where
 * /proc cannot tell).
 */
export function startWhenIdle(pid: number, answered: Promise<unknown>, start: () => void, maxMs: number): void {
  let settled = false;
  const done = answered.then(
    () => (settled = true),
    () => (settled = true),
  );
  void untilQuiet(pid, { minMs: FIRST_LOOK_MS, quietMs: IDLE_MS, maxMs, gone: done }).then(() => {
    const activity = settled ? undefined : groupActivity(pid);
    if (activity && !activity.working) start();
  });
}

/**
 * Settles at the first thing the server writes on stdout, or when `connecting` settles. Not the
 * end of connecting: a legacy server answers the era probe, then its handshake goes to a new
 * process, and the probe's process, answered and idle meanwhile, is no idle starter.
 */
export function firstAnswer(trace: Trace, connecting: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stop();
      resolve();
    };
    const stop = trace.subscribe((frame) => {
      if (frame.direction === 'receive' && frame.kind !== 'stderr') done();
    });
    connecting.then(done, done);
  });
}
