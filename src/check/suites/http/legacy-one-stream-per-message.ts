/**
 * Legacy Streamable HTTP: the server sends each message on only one of the connected streams; it
 * does not broadcast (2025-11-25 transports, MUST). Judged on a session with its GET stream and a
 * POST stream open together: no message may arrive on both.
 */
import { defineCheck, incomplete, pass, skip, violation } from '../../define.js';
import { openSessionStreams } from '../../probes/http/legacy-session-streams.js';
import { streamMessages } from '../../probes/http/stream-request.js';

export default defineCheck({
  id: 'http.legacy-one-stream-per-message',
  title: 'Each message goes on only one of the connected streams',
  suite: 'http',
  requirements: ['LHTTP-03'],
  eras: ['legacy'],
  transports: ['http'],
  spec: '2025-11-25/basic/transports#multiple-connections',
  async run(ctx) {
    const streams = await openSessionStreams(ctx);
    if ('skip' in streams) return skip(streams.skip);
    if (!streams.post) {
      if (streams.callable === 0)
        return incomplete(
          'no-callable-tool',
          `no request was answered with a stream (${streams.tried.join('; ')}), and no tool may be called that might stream (--allow-call)`,
        );
      return skip(`no request was answered with a stream (${streams.tried.join('; ')}): every message had its own answer`);
    }
    const onGet = new Set(streamMessages(streams.get).map((message) => JSON.stringify(message)));
    const onPost = streamMessages(streams.post.outcome).map((message) => JSON.stringify(message));
    const both = onPost.filter((text) => onGet.has(text));
    if (both.length === 0) return pass(`${onPost.length} message(s) on the ${streams.post.label} stream and ${onGet.size} on the GET stream, none on both`);
    return violation(
      'broadcast',
      `${both.length} message(s) arrived on both the ${streams.post.label} stream and the GET stream, e.g. ${both[0]!.slice(0, 160)}; the server must send each message on only one stream`,
      streams.evidence,
    );
  },
});
