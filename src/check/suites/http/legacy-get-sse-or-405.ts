/**
 * Legacy Streamable HTTP: GET on the endpoint opens a text/event-stream or gets 405 (2025-11-25
 * transports, MUST). A GET whose head has not come by the timeout is not judged: a server may hold
 * an event stream's head until its first event (Node's writeHead without flushHeaders does), and
 * the head then comes right. A dropped connection is no answer at all.
 */
import { defineCheck, incomplete, pass, violation } from '../../define.js';
import { unanswered } from '../../probes/http/unanswered.js';
import { openGetStream } from '../../probes/http/legacy-get-stream.js';
import { isSse, timedOut } from '../../probes/http/stream-request.js';

export default defineCheck({
  id: 'http.legacy-get-sse-or-405',
  title: 'GET on the endpoint opens an SSE stream or gets 405',
  suite: 'http',
  requirements: ['LHTTP-01'],
  eras: ['legacy'],
  transports: ['http'],
  spec: '2025-11-25/basic/transports#listening-for-messages-from-the-server',
  async run(ctx) {
    const { client, outcome } = await openGetStream(ctx);
    if (timedOut(outcome))
      return incomplete(
        'no-head',
        `GET on the endpoint got no HTTP head within ${ctx.timeoutMs} ms; a server may hold an event stream's head until its first event, so this is not judged`,
      );
    if ('failure' in outcome)
      return unanswered(
        ctx,
        'GET on the endpoint',
        outcome.failure,
        'the server must answer with Content-Type: text/event-stream or 405 Method Not Allowed',
        client,
      );
    const evidence = [ctx.evidence(outcome.frames, client)];
    if (outcome.status === 405) return pass('GET on the endpoint got 405 (the server offers no GET stream)');
    if (outcome.status < 300 && isSse(outcome)) return pass(`GET on the endpoint opened a text/event-stream (HTTP ${outcome.status})`);
    return violation(
      'not-sse-or-405',
      `GET on the endpoint (with the session's Mcp-Session-Id) got HTTP ${outcome.status} ${outcome.contentType ?? 'with no Content-Type'}; the server must answer Content-Type: text/event-stream, or 405 Method Not Allowed`,
      evidence,
    );
  },
});
