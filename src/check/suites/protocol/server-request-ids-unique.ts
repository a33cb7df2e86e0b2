/**
 * A request the server sends never reuses the id of one of its own requests still awaiting a
 * response (basic/index#requests). Judges every server-to-client request of the run: an id is
 * pending from the request until mcpvet's response to it.
 */
import { isRequest, isResponse } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass } from '../../define.js';
import { traceProblems, type TraceProblem } from '../../probes/mrtr/trace-scan.js';

export default defineCheck({
  id: 'protocol.server-request-ids-unique',
  title: 'Server requests never reuse an id still pending',
  suite: 'protocol',
  requirements: ['BASE-03'],
  eras: ['legacy'],
  spec: 'basic/index#requests',
  final: true,
  async run(ctx) {
    const problems: TraceProblem[] = [];
    let requests = 0;
    for (const trace of ctx.traces()) {
      const pending = new Map<string, string>();
      for (const frame of trace.frames) {
        if (frame.kind !== 'message') continue;
        if (frame.direction === 'receive' && isRequest(frame.message)) {
          requests++;
          const id = JSON.stringify(frame.message.id);
          const earlier = pending.get(id);
          if (earlier)
            problems.push({ frame, text: `the server sent ${frame.message.method} with id ${id} while its ${earlier} with that id still awaited an answer` });
          pending.set(id, frame.message.method);
        } else if (frame.direction === 'send' && isResponse(frame.message)) {
          pending.delete(JSON.stringify(frame.message.id));
        }
      }
    }
    if (problems.length > 0) return traceProblems('id-reused', problems);
    return pass(requests === 0 ? 'the server sent no requests in this run' : `${requests} server requests each had an id not already pending`);
  },
});
