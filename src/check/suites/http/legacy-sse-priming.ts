/**
 * Legacy Streamable HTTP from 2025-11-25: a POST answered with an SSE stream starts with a priming
 * event (an event id and empty data), and a server that closes the connection before the stream is
 * done sends a retry field first (2025-11-25 transports, SHOULD). The retry half is judged only
 * when the server did close a stream before its response. The GET stream is not judged: the spec
 * asks for priming on POST streams.
 * Priming is judged only on a resumable stream (one whose events carry ids). The priming event
 * exists "to prime the client to reconnect (using that event ID as Last-Event-ID)", and resumability
 * is a MAY (transports#resumability-and-redelivery): a server that keeps no events cannot replay
 * after one, and a client that sees it reconnects for nothing. Both SDKs read it so: the Go SDK and
 * the TS SDK prime only when an event store is configured (kubernetes-mcp-server and context7 set
 * none; their streams carry no ids and are not judged).
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, incomplete, pass, skip, violation } from '../../define.js';
import { findStreamingAnswer } from '../../probes/http/stream-request.js';

export default defineCheck({
  id: 'http.legacy-sse-priming',
  title: 'An SSE stream starts with a priming event, and a retry comes before an early close',
  suite: 'http',
  requirements: ['LHTTP-05'],
  eras: ['legacy'],
  transports: ['http'],
  spec: '2025-11-25/basic/transports#sending-messages-to-the-server',
  async run(ctx) {
    if (ctx.client.protocolVersion < '2025-11-25') return skip(`the session speaks ${ctx.client.protocolVersion}; priming events arrived in 2025-11-25`);
    const { found, tried, callable } = await findStreamingAnswer(ctx, ctx.client);
    if (!found) {
      if (callable === 0)
        return incomplete(
          'no-callable-tool',
          `no request was answered with a stream (${tried.join('; ')}), and no tool may be called that might stream (--allow-call)`,
        );
      return skip(`no request was answered with an SSE stream (${tried.join('; ')})`);
    }
    const { outcome, label, id } = found;
    const evidence = [ctx.evidence(outcome.frames)];
    if (!outcome.items.some((item) => item.kind === 'event' && item.id)) {
      return skip(
        `no event of the ${label} SSE stream carries an id: the stream is not resumable, and a priming event only serves resumption with Last-Event-ID`,
      );
    }
    // A retry field may come with the priming event (the TS SDK writes id, retry and empty data as one event).
    const first = outcome.items.find((item) => item.kind !== 'retry');
    if (first?.kind !== 'event' || !first.id || first.data !== '') {
      const got = !first ? 'nothing' : `an event with ${first.id ? `id ${JSON.stringify(first.id)}` : 'no id'} and ${first.data ? 'data' : 'empty data'}`;
      return violation(
        'no-priming-event',
        `the ${label} SSE stream began with ${got}; it should begin with a priming event (an id and empty data) so the client can resume with Last-Event-ID`,
        evidence,
      );
    }
    const answered = outcome.items.some((item) => isObject(item.message) && item.message.id === id && !('method' in item.message));
    if (outcome.ended && !answered && !outcome.items.some((item) => item.kind === 'retry')) {
      return violation(
        'closed-without-retry',
        `the server closed the ${label} stream before its response without a retry field; a server that closes the connection early should send retry first`,
        evidence,
      );
    }
    return pass(`the ${label} stream began with priming event id ${JSON.stringify(first.id)}${answered ? '' : ' and was closed early after a retry field'}`);
  },
});
