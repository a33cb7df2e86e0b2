/**
 * A message on stdio contains no embedded newline (STDIO-02, MUST NOT): each message is one line.
 * A pretty-printed answer reaches a client as lines that are not JSON, so its request never gets
 * an answer. mcpvet asks for every list the server declares (answers most likely to be
 * pretty-printed), then, running last, looks at every stdout line of the run for messages split
 * over several lines.
 */
import { defineCheck, pass, violation } from '../../define.js';
import { clip, eraMessage, exchangeOrOvertaken, probeId } from '../../probes/protocol/probe.js';
import { splitMessages } from '../../probes/stdio/split-messages.js';

const LISTS: Array<[capability: string, method: string]> = [
  ['tools', 'tools/list'],
  ['resources', 'resources/list'],
  ['prompts', 'prompts/list'],
];

export default defineCheck({
  id: 'stdio.no-embedded-newlines',
  title: 'Each stdio message is one line (no embedded newlines)',
  suite: 'stdio',
  requirements: ['STDIO-02'],
  transports: ['stdio'],
  spec: 'basic/transports/stdio',
  final: true,
  async run(ctx) {
    const client = ctx.client;
    const methods = [client.era === 'modern' ? 'server/discover' : 'ping'];
    for (const [capability, method] of LISTS) if (capability in client.serverCapabilities) methods.push(method);
    for (const method of methods) await exchangeOrOvertaken(client, eraMessage(client, probeId('one-line'), method), { timeoutMs: ctx.timeoutMs });
    const traces = ctx.traces();
    const split = traces.flatMap((trace) => splitMessages(trace.frames));
    const lines = traces.reduce((sum, trace) => sum + trace.frames.filter((frame) => frame.direction === 'receive' && frame.kind !== 'stderr').length, 0);
    if (split.length === 0) return pass(`none of ${lines} stdout line(s) of ${traces.length} server process(es) was part of a message split over lines`);
    const first = split[0]!;
    const what = first.method ? `a ${first.method} message` : 'a response';
    return violation(
      'message-split',
      `${split.length} message(s) were split over several lines, e.g. ${what} over ${first.lines.length} lines starting ${JSON.stringify(clip(first.lines[0]!.raw, 60))}; a stdio message must not contain a newline (clients read one message per line)`,
      [{ frames: first.lines.slice(0, 20) }],
    );
  },
});
