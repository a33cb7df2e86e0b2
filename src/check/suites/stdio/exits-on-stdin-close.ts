/**
 * A stdio server SHOULD exit promptly when its stdin closes (DIGEST §4 "Shutdown"): clients
 * shut servers down by closing stdin, then wait, then SIGTERM, then SIGKILL. mcpvet waits
 * CLOSE_GRACE_MS of the server doing nothing (a server still busy shutting down on a loaded
 * machine gets longer, up to ten times), so a process that needed a signal did not exit on its own.
 */
import { CLOSE_GRACE_MS } from '../../../wire/stdio.js';
import { defineCheck, pass, violation } from '../../define.js';

export default defineCheck({
  id: 'stdio.exits-on-stdin-close',
  title: 'The server exits when its stdin closes',
  suite: 'stdio',
  requirements: ['STDIO-04', 'STDIO-L1'],
  transports: ['stdio'],
  spec: 'basic/transports/stdio#shutdown',
  async run(ctx) {
    const client = await ctx.openClient({ shutdown: { graceWhileBusy: true } });
    const from = client.trace.length;
    const started = performance.now();
    await client.close();
    const closeMs = Math.round(performance.now() - started);
    const exit = client.trace.since(from).find((frame) => frame.kind === 'exit');
    const evidence = [ctx.evidence({ from, to: client.trace.length - 1 }, client)];
    if (!exit)
      return violation('never-exited', `a fresh server process did not exit after its stdin closed, nor after SIGTERM and SIGKILL (${closeMs} ms)`, evidence);
    const signal = exit.detail?.signal;
    if (typeof signal === 'string')
      return violation(
        'needed-signal',
        `after its stdin closed the server kept running until mcpvet sent signals; it ended by ${signal} after ${closeMs} ms`,
        evidence,
      );
    if (exit.detail?.signalled)
      return violation(
        'slow-exit',
        `the server sat idle for ${CLOSE_GRACE_MS} ms after its stdin closed and exited only after ${String(exit.detail.signalled)} (${closeMs} ms, exit code ${String(exit.detail?.code)})`,
        evidence,
      );
    return pass(`the server exited by itself ${closeMs} ms after its stdin closed (exit code ${String(exit.detail?.code)})`, evidence);
  },
});
