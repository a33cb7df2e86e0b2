/**
 * A client may start a stdio server and shut it down before sending anything (a host that
 * closes at once, an era probe that gives up). The shutdown steps (close stdin, wait, SIGTERM,
 * SIGKILL) apply to such a process too, so a server must not wait for initialize or a first
 * request before it notices EOF, nor ignore SIGTERM until then. Two fresh processes (warm ones when
 * the run keeps a pool: they got no message either): one gets EOF, the other SIGTERM (stdin left
 * open), each once it has settled so start-up is not counted.
 */
import { StdioChannel } from '../../../protocol/stdio-channel.js';
import type { ExitInfo } from '../../../wire/stdio.js';
import { untilQuiet } from '../../../wire/process-activity.js';
import { defineCheck, pass, skip } from '../../define.js';
import type { CheckContext, Evidence, Finding } from '../../types.js';

/**
 * A fresh process is shut down once it has started: SETTLE_MS after it was spawned, and once it has been quiet
 * (no CPU used, nothing runnable) for QUIET_MS — on a loaded machine start-up takes longer, and
 * a server that has not yet installed its SIGTERM handler must not be judged by it.
 */
const SETTLE_MS = 1000;
const QUIET_MS = 300;
const MAX_SETTLE_MS = 10_000;
/**
 * How long after EOF, and after SIGTERM, it may take to end. Generous (a loaded machine slows
 * start-up and shutdown alike): what is judged is that it ends by itself, not how fast.
 */
const EOF_GRACE_MS = 5000;
const SIGTERM_GRACE_MS = 3000;

export default defineCheck({
  id: 'stdio.exits-before-first-message',
  title: 'A server that got no message yet exits on EOF and on SIGTERM',
  suite: 'stdio',
  requirements: ['STDIO-04', 'STDIO-L1', 'STDIO-05'],
  transports: ['stdio'],
  spec: 'basic/transports/stdio#shutdown',
  freshProcesses: 2,
  async run(ctx) {
    if (ctx.target.transport !== 'stdio') return skip('not a stdio target');
    // Two processes of their own, judged apart: they start and settle side by side.
    const [eof, sigterm] = await Promise.all([shutDown(ctx, 'eof'), shutDown(ctx, 'sigterm')]);
    if (eof.status !== 'pass') return eof;
    if (sigterm.status !== 'pass') return sigterm;
    return pass(`${eof.message}; ${sigterm.message}`, [...(eof.evidence ?? []), ...(sigterm.evidence ?? [])]);
  },
});

async function shutDown(ctx: CheckContext, how: 'eof' | 'sigterm'): Promise<Finding> {
  const connection = ctx.freshChannel();
  if (!(connection instanceof StdioChannel)) return skip('not a stdio target');
  const trace = connection.trace;
  ctx.traces().push(trace);
  connection.shutDownWith({ closeGraceMs: EOF_GRACE_MS });
  const evidence = (): Evidence[] => [{ frames: trace.frames.slice(-20) }];
  try {
    const age = performance.now() - connection.startedAt;
    if (connection.pid !== undefined)
      await untilQuiet(connection.pid, { minMs: Math.max(0, SETTLE_MS - age), quietMs: QUIET_MS, maxMs: MAX_SETTLE_MS, gone: connection.exited });
    const early = await within(connection.exited, 0);
    if (early)
      return early.spawnError
        ? skip(`the server could not be started: ${early.spawnError}`)
        : pass(`a fresh process ended by itself before any shutdown step (${describeExit(early)})`, evidence());
    const started = performance.now();
    if (how === 'eof') {
      await connection.close();
      const exit = await connection.exited;
      const ms = Math.round(performance.now() - started);
      if (exit.signal || ms >= EOF_GRACE_MS) {
        return {
          status: 'fail',
          requirement: 'STDIO-04',
          message: `a fresh process that got no message kept running after its stdin closed and ended only by signals (${describeExit(exit)} after ${ms} ms); it must not wait for initialize or a first request to notice EOF`,
          evidence: evidence(),
        };
      }
      return pass(`with no message sent, the server exited ${ms} ms after its stdin closed`, evidence());
    }
    if (connection.pid !== undefined) sendSigterm(connection.pid);
    const exit = await within(connection.exited, SIGTERM_GRACE_MS);
    const ms = Math.round(performance.now() - started);
    if (!exit)
      return {
        status: 'fail',
        requirement: 'STDIO-05',
        message: `a fresh process that got no message was still running ${SIGTERM_GRACE_MS} ms after SIGTERM (stdin open); clients SIGKILL it then, losing whatever it would have flushed`,
        evidence: evidence(),
      };
    return pass(`with no message sent, the server ended ${ms} ms after SIGTERM (${describeExit(exit)})`, evidence());
  } finally {
    await connection.close();
  }
}

/** SIGTERM to the process group, as the client's shutdown does (a wrapper such as npx ends with its server). */
function sendSigterm(pid: number): void {
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

const describeExit = (exit: ExitInfo): string => (exit.signal ? `signal ${exit.signal}` : `exit code ${String(exit.code)}`);

async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
