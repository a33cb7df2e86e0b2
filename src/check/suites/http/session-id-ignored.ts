/**
 * A server that supports only 2026-07-28 ignores an Mcp-Session-Id sent by a client and never
 * mints or echoes one (DIGEST §3, "2025 traffic arriving at a 2026-only server": SHOULD). A
 * dual-era server still gives the header its legacy meaning (an unknown session may get 404), so
 * the rule is not applied to it.
 */
import { randomUUID } from 'node:crypto';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { legacyVersionsServed } from '../../probes/http/legacy-versions-served.js';
import { describeAnswer, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { unanswered } from '../../probes/http/unanswered.js';

export default defineCheck({
  id: 'http.session-id-ignored',
  title: 'A client Mcp-Session-Id is ignored and never echoed',
  suite: 'http',
  requirements: ['HTTP-22'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#backward-compatibility',
  async run(ctx) {
    const legacy = legacyVersionsServed(ctx);
    if (legacy.length > 0)
      return skip(
        `the server also serves legacy revisions (${legacy.join(', ')}), where Mcp-Session-Id names a session; the rule is for 2026-07-28-only servers`,
      );
    const sessionId = `mcpvet-${randomUUID()}`;
    const result = await sendProbe(ctx, { method: 'server/discover', headers: { 'mcp-session-id': sessionId } });
    if (result.failure)
      return unanswered(ctx, `a modern server/discover carrying Mcp-Session-Id: ${sessionId}`, result.failure, 'the header should be ignored');
    const evidence = probeEvidence(ctx, result);
    const answered = result.outcome?.http?.headers['mcp-session-id'];
    if (!result.outcome?.result)
      return violation(
        'session-id-refused',
        `a modern server/discover carrying Mcp-Session-Id: ${sessionId} got ${describeAnswer(result)}; the header should be ignored`,
        evidence,
      );
    if (answered !== undefined)
      return violation('session-id-echoed', `the answer carried Mcp-Session-Id: ${answered}; a modern server never mints or echoes session ids`, evidence);
    return pass('a request with an unknown Mcp-Session-Id was answered normally, with no Mcp-Session-Id in the answer');
  },
});
