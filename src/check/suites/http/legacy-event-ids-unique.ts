/**
 * Legacy Streamable HTTP: SSE event ids are unique across all streams of a session, and a resumed
 * stream replays only what belonged to that stream (2025-11-25 "Resumability and Redelivery",
 * MUST). Ids are optional: a server that attaches none has nothing to judge. The resumption is a
 * GET with Last-Event-ID set to the first id of the POST stream, sent after both streams closed;
 * replaying is optional too (MAY), so only what comes back is judged.
 */
import { defineCheck, incomplete, pass, skip, violation } from '../../define.js';
import { openSessionStreams } from '../../probes/http/legacy-session-streams.js';
import { listenWindow, sendStream, streamMessages } from '../../probes/http/stream-request.js';

export default defineCheck({
  id: 'http.legacy-event-ids-unique',
  title: 'SSE event ids are unique across a session, and never replayed on another stream',
  suite: 'http',
  requirements: ['LHTTP-04'],
  eras: ['legacy'],
  transports: ['http'],
  spec: '2025-11-25/basic/transports#resumability-and-redelivery',
  async run(ctx) {
    const streams = await openSessionStreams(ctx);
    if ('skip' in streams) return skip(streams.skip);
    if (!streams.post) {
      if (streams.callable === 0)
        return incomplete(
          'no-callable-tool',
          `no request was answered with a stream (${streams.tried.join('; ')}), and no tool may be called that might stream (--allow-call)`,
        );
      return skip(`no request was answered with a stream (${streams.tried.join('; ')}), so a session had one SSE stream only`);
    }
    const idsOf = (items: { kind: string; id?: string }[]): string[] =>
      items.filter((item) => item.kind === 'event' && item.id !== undefined && item.id !== '').map((item) => item.id!);
    const getIds = idsOf(streams.get.items);
    const postIds = idsOf(streams.post.outcome.items);
    const all = [...getIds, ...postIds];
    if (all.length === 0) return skip('the server attaches no SSE event ids (they are optional), so there is no resumption to judge');
    const seen = new Set<string>();
    const repeated = [...new Set(all.filter((id) => (seen.has(id) ? true : (seen.add(id), false))))];
    if (repeated.length > 0) {
      return violation(
        'duplicate-event-id',
        `SSE event id(s) ${repeated
          .slice(0, 5)
          .map((id) => JSON.stringify(id))
          .join(
            ', ',
          )} occur more than once across the session's GET stream and ${streams.post.label} stream; ids must be unique across all streams of a session`,
        streams.evidence,
      );
    }
    if (postIds.length === 0)
      return pass(`${getIds.length} event id(s), all distinct; the ${streams.post.label} stream carried none, so no resumption was tried`);

    const resumed = await sendStream(ctx, streams.client, { httpMethod: 'GET', headers: { 'Last-Event-ID': postIds[0]! }, listenMs: listenWindow(ctx) });
    if ('failure' in resumed || resumed.status >= 300)
      return pass(
        `${all.length} event id(s), all distinct across the session's streams; resuming with Last-Event-ID got ${'failure' in resumed ? 'no answer' : `HTTP ${resumed.status}`} (replay is optional)`,
      );
    const postMessages = new Set(streamMessages(streams.post.outcome).map((message) => JSON.stringify(message)));
    const foreign = streamMessages(resumed)
      .map((message) => JSON.stringify(message))
      .filter((text) => !postMessages.has(text) && streamMessages(streams.get).some((message) => JSON.stringify(message) === text));
    if (foreign.length > 0) {
      return violation(
        'replayed-on-other-stream',
        `resuming the ${streams.post.label} stream (Last-Event-ID: ${postIds[0]}) replayed ${foreign.length} message(s) that had been sent on the GET stream, e.g. ${foreign[0]!.slice(0, 160)}; a server must not replay messages of another stream`,
        [...streams.evidence, ctx.evidence(resumed.frames, streams.client)],
      );
    }
    return pass(`${all.length} event id(s), all distinct across the session's streams; the resumed stream replayed nothing from another stream`);
  },
});
