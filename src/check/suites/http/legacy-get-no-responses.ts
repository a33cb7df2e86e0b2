/**
 * Legacy Streamable HTTP: the GET stream carries no JSON-RPC responses unless it resumes a stream
 * (2025-11-25 transports, MUST NOT). The GET is sent without Last-Event-ID, so nothing resumes; a
 * ping POSTed while it is open gives a server that broadcasts something to put there.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { openGetStream } from '../../probes/http/legacy-get-stream.js';
import { isSse, requestId, sendStream, streamMessages } from '../../probes/http/stream-request.js';

export default defineCheck({
  id: 'http.legacy-get-no-responses',
  title: 'The GET stream carries no JSON-RPC responses',
  suite: 'http',
  requirements: ['LHTTP-02'],
  eras: ['legacy'],
  transports: ['http'],
  spec: '2025-11-25/basic/transports#listening-for-messages-from-the-server',
  async run(ctx) {
    const { client, outcome } = await openGetStream(ctx, async (session) => {
      await sendStream(ctx, session, { message: { jsonrpc: '2.0', id: requestId('ping'), method: 'ping' }, graceMs: 0 });
    });
    if ('failure' in outcome) return skip(`GET on the endpoint got no answer (${outcome.failure}); http.legacy-get-sse-or-405 judges that`);
    if (outcome.status >= 300 || !isSse(outcome)) return skip(`GET on the endpoint got HTTP ${outcome.status}: the server offers no GET stream`);
    const responses = streamMessages(outcome).filter((message) => 'id' in message && ('result' in message || 'error' in message) && !('method' in message));
    if (responses.length === 0) return pass(`the GET stream carried ${streamMessages(outcome).length} message(s) in its window, no JSON-RPC response`);
    const ids = responses.map((message) => JSON.stringify(isObject(message) ? message.id : null)).join(', ');
    return violation(
      'response-on-get-stream',
      `the GET stream (opened without Last-Event-ID, so resuming nothing) carried ${responses.length} JSON-RPC response(s), id ${ids}; responses belong on the stream of the POST they answer`,
      [ctx.evidence(outcome.frames, client)],
    );
  },
});
