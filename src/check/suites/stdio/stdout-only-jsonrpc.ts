/**
 * stdout of a stdio server carries nothing but MCP messages (DIGEST §4 "Framing"): a banner, a
 * log line or a bare JSON value there breaks every client that reads the stream. Logs belong on
 * stderr. Runs last, to judge every stdout line of every process the run started.
 */
import { defineCheck, pass, violation } from '../../define.js';
import { MAX_POLLUTION_SHOWN, stdoutPollution } from '../../probes/stdio/stdout-pollution.js';

export default defineCheck({
  id: 'stdio.stdout-only-jsonrpc',
  title: 'stdout carries only JSON-RPC messages',
  suite: 'stdio',
  requirements: ['STDIO-01', 'STDIO-02'],
  transports: ['stdio'],
  spec: 'basic/transports/stdio',
  final: true,
  async run(ctx) {
    const traces = ctx.traces();
    const { lines, pollution, shown } = stdoutPollution(traces.flatMap((trace) => trace.frames));
    if (pollution.length === 0) return pass(`all ${lines.length} stdout line(s) of ${traces.length} server process(es) were JSON-RPC messages`);
    return violation(
      'non-jsonrpc-output',
      `${pollution.length} of ${lines.length} stdout line(s) were not JSON-RPC messages, e.g. ${shown.join(', ')}; stdout may carry only MCP messages (write logs to stderr)`,
      [{ frames: pollution.slice(0, MAX_POLLUTION_SHOWN) }],
    );
  },
});
