/**
 * After the final JSON-RPC response, the server ends the SSE stream (DIGEST §3; 2025-11-25
 * transports: SHOULD in both eras). The stream is read a short grace period past the response; one
 * still open then is reported, and mcpvet closes it.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, incomplete, pass, skip, violation } from '../../define.js';
import { findStreamingAnswer } from '../../probes/http/stream-request.js';

export default defineCheck({
  id: 'http.response-ends-stream',
  title: 'The final response ends the SSE stream',
  suite: 'http',
  requirements: ['HTTP-05'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#receiving-messages',
  async run(ctx) {
    const graceMs = Math.min(1000, ctx.timeoutMs / 4);
    const { found, tried, callable } = await findStreamingAnswer(ctx, ctx.client, graceMs);
    if (!found) {
      if (callable === 0 && ctx.era === 'legacy')
        return incomplete(
          'no-callable-tool',
          `no request was answered with a stream (${tried.join('; ')}), and no tool may be called that might stream (--allow-call)`,
        );
      return skip(`no request was answered with an SSE stream (${tried.join('; ')})`);
    }
    const { outcome, label, id } = found;
    const answered = outcome.items.some((item) => isObject(item.message) && item.message.id === id && !('method' in item.message));
    if (!answered) return skip(`the ${label} stream carried no response (${outcome.ended ? 'it ended first' : 'within the timeout'}); other checks judge that`);
    if (outcome.ended) return pass(`the ${label} stream ended after its response`);
    return violation(
      'stream-left-open',
      `the ${label} stream was still open ${graceMs} ms after its final response; the server should end the stream once the response is sent`,
      [ctx.evidence(outcome.frames)],
    );
  },
});
