/**
 * In 2026-07-28 the server sends notifications/cancelled only to end a subscriptions/listen stream
 * (basic/patterns/cancellation). Judges every such notification of the run: its requestId must
 * be that of a listen request mcpvet sent on the same connection.
 */
import { isObject, isRequest } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass } from '../../define.js';
import { serverMessages, traceProblems, type TraceProblem } from '../../probes/mrtr/trace-scan.js';

export default defineCheck({
  id: 'utilities.server-cancels-only-listen',
  title: 'The server sends notifications/cancelled only to end a listen stream',
  suite: 'utilities',
  requirements: ['CAN-03'],
  eras: ['modern'],
  spec: 'basic/patterns/cancellation',
  final: true,
  async run(ctx) {
    const problems: TraceProblem[] = [];
    let seen = 0;
    for (const trace of ctx.traces()) {
      const listens = new Set<string>();
      for (const frame of trace.frames) {
        if (frame.direction === 'send' && isRequest(frame.message) && frame.message.method === 'subscriptions/listen')
          listens.add(JSON.stringify(frame.message.id));
      }
      for (const { frame, message } of serverMessages(trace)) {
        if (message.method !== 'notifications/cancelled') continue;
        seen++;
        const requestId = isObject(message.params) ? message.params.requestId : undefined;
        if (!listens.has(JSON.stringify(requestId)))
          problems.push({ frame, text: `the server sent notifications/cancelled for ${JSON.stringify(requestId)}, which is no subscriptions/listen request` });
      }
    }
    if (problems.length > 0) return traceProblems('cancelled-not-listen', problems);
    return pass(seen === 0 ? 'the server sent no notifications/cancelled' : `${seen} notifications/cancelled from the server each ended a listen stream`);
  },
});
