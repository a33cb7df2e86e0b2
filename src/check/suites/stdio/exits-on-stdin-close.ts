/**
 * A stdio server SHOULD exit promptly when its stdin closes (DIGEST §4 "Shutdown"): clients
 * shut servers down by closing stdin, then wait, then SIGTERM, then SIGKILL. The spec leaves the
 * wait to the client ("a reasonable time"); mcpvet takes the TypeScript SDK's: StdioClientTransport
 * sends SIGTERM 2 s after it closed stdin. Those 2 s count only while the server does nothing (a
 * server still busy shutting down on a loaded machine gets longer), so a process that needed a
 * signal did not exit on its own, and one that exits within the SDK's wait is not judged.
 */
import { defineCheck, pass, violation } from '../../define.js';
import { judgeStdinClose } from '../../probes/stdio/stdin-close.js';

/** The TypeScript SDK client's wait between closing stdin and SIGTERM. */
const SDK_CLOSE_GRACE_MS = 2000;

export default defineCheck({
  id: 'stdio.exits-on-stdin-close',
  title: 'The server exits when its stdin closes',
  suite: 'stdio',
  requirements: ['STDIO-04', 'STDIO-L1'],
  transports: ['stdio'],
  spec: 'basic/transports/stdio#shutdown',
  freshProcesses: 1,
  async run(ctx) {
    const client = await ctx.openClient({ shutdown: { graceWhileBusy: true, closeGraceMs: SDK_CLOSE_GRACE_MS } });
    const from = client.trace.length;
    const started = performance.now();
    await client.close();
    const closeMs = Math.round(performance.now() - started);
    const exit = client.trace.since(from).find((frame) => frame.kind === 'exit');
    const evidence = [ctx.evidence({ from, to: client.trace.length - 1 }, client)];
    const verdict = judgeStdinClose(exit, closeMs, SDK_CLOSE_GRACE_MS);
    return verdict.ok ? pass(verdict.message, evidence) : violation(verdict.code, verdict.message, evidence);
  },
});
