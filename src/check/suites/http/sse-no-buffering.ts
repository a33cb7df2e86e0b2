/** An SSE response carries X-Accel-Buffering: no, so proxies pass events on at once (DIGEST §3, SHOULD). */
import { defineCheck, pass, skip, violation } from '../../define.js';
import { findStreamingAnswer } from '../../probes/http/stream-request.js';

export default defineCheck({
  id: 'http.sse-no-buffering',
  title: 'SSE responses carry X-Accel-Buffering: no',
  suite: 'http',
  requirements: ['HTTP-06'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#receiving-messages',
  async run(ctx) {
    const { found, tried } = await findStreamingAnswer(ctx, ctx.client);
    if (!found) return skip(`no request was answered with an SSE stream (${tried.join('; ')})`);
    const value = found.outcome.headers['x-accel-buffering'];
    if (value?.trim().toLowerCase() === 'no') return pass(`the ${found.label} SSE response carried X-Accel-Buffering: no`);
    return violation(
      'buffering-not-disabled',
      `the ${found.label} SSE response carried ${value === undefined ? 'no X-Accel-Buffering header' : `X-Accel-Buffering: ${value}`}; SSE responses should carry X-Accel-Buffering: no so reverse proxies do not hold events back`,
      [ctx.evidence(found.outcome.frames)],
    );
  },
});
