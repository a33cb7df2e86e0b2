/**
 * A server that speaks only 2026-07-28 ignores Last-Event-ID: streams are not resumable (DIGEST §3
 * "2025 traffic arriving at a 2026-only server", SHOULD). A request carrying one is answered as if
 * it did not. A dual-era server still resumes legacy streams, so the rule is not applied to it.
 */
import { defineCheck, pass, skip, violation } from '../../define.js';
import { legacyVersionsServed } from '../../probes/http/legacy-versions-served.js';
import { describeAnswer, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { unanswered } from '../../probes/http/unanswered.js';

export default defineCheck({
  id: 'http.last-event-id-ignored',
  title: 'A 2026-07-28-only server ignores Last-Event-ID',
  suite: 'http',
  requirements: ['HTTP-23'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#earlier-streamable-http-revisions',
  async run(ctx) {
    const legacy = legacyVersionsServed(ctx);
    if (legacy.length > 0)
      return skip(
        `the server also serves legacy revisions (${legacy.join(', ')}), where Last-Event-ID resumes a stream; the rule is for 2026-07-28-only servers`,
      );
    const result = await sendProbe(ctx, { method: 'server/discover', headers: { 'last-event-id': 'mcpvet-stream-0-1' } });
    if (result.failure)
      return unanswered(ctx, 'server/discover carrying Last-Event-ID: mcpvet-stream-0-1', result.failure, 'a 2026-07-28-only server should ignore the header');
    if (result.outcome?.result) return pass('server/discover carrying Last-Event-ID was answered as usual');
    return violation(
      'last-event-id-refused',
      `server/discover carrying Last-Event-ID: mcpvet-stream-0-1 got ${describeAnswer(result)}; a 2026-07-28-only server should ignore the header`,
      probeEvidence(ctx, result),
    );
  },
});
