/**
 * How a stdio server ended after its stdin closed (DIGEST §4 "Shutdown"), from the exit frame of
 * the trace. Shared by the `stdio.exits-on-stdin-close` check and `doctor`.
 */
import { CLOSE_GRACE_MS } from '../../../wire/stdio.js';
import type { Frame } from '../../../wire/trace.js';

export type StdinCloseVerdict = { ok: true; message: string } | { ok: false; code: 'never-exited' | 'needed-signal' | 'slow-exit'; message: string };

export function judgeStdinClose(exit: Frame | undefined, closeMs: number, graceMs = CLOSE_GRACE_MS): StdinCloseVerdict {
  if (!exit)
    return {
      ok: false,
      code: 'never-exited',
      message: `a fresh server process did not exit after its stdin closed, nor after SIGTERM and SIGKILL (${closeMs} ms)`,
    };
  const signal = exit.detail?.signal;
  if (typeof signal === 'string')
    return {
      ok: false,
      code: 'needed-signal',
      message: `after its stdin closed the server kept running until mcpvet sent signals; it ended by ${signal} after ${closeMs} ms`,
    };
  if (exit.detail?.signalled)
    return {
      ok: false,
      code: 'slow-exit',
      message: `the server sat idle for ${graceMs} ms after its stdin closed and exited only after ${String(exit.detail.signalled)} (${closeMs} ms, exit code ${String(exit.detail?.code)})`,
    };
  return { ok: true, message: `the server exited by itself ${closeMs} ms after its stdin closed (exit code ${String(exit.detail?.code)})` };
}
