/** Legacy Streamable HTTP: a session id contains only visible ASCII, 0x21 to 0x7E (2025-11-25 transports, MUST). */
import { defineCheck, pass, skip, violation } from '../../define.js';
import { sessionIdOf } from '../../probes/http/legacy-session.js';

export default defineCheck({
  id: 'http.legacy-session-id-visible-ascii',
  title: 'Legacy session ids are visible ASCII',
  suite: 'http',
  requirements: ['LHTTP-06'],
  eras: ['legacy'],
  transports: ['http'],
  spec: '2025-11-25/basic/transports#session-management',
  async run(ctx) {
    const sessionId = sessionIdOf(ctx.client);
    if (sessionId === undefined) return skip('the server gave no Mcp-Session-Id at initialize (sessions are optional)');
    // The rule is about the characters an id contains: an empty one has none outside the range.
    if (sessionId === '') return skip('the server gave an empty Mcp-Session-Id: no characters to judge');
    const bad = [...sessionId].filter((char) => char < '\x21' || char > '\x7e');
    const frames = ctx.client.trace.frames.filter((frame) => frame.http?.headers['mcp-session-id'] === sessionId).slice(0, 1);
    if (bad.length === 0) return pass(`session id ${JSON.stringify(sessionId)} is visible ASCII`);
    return violation(
      'non-ascii-session-id',
      `the session id ${JSON.stringify(sessionId)} contains characters outside visible ASCII (${[...new Set(bad)].map((c) => `U+${c.codePointAt(0)!.toString(16).padStart(4, '0').toUpperCase()}`).join(', ')}); a session id may use only 0x21-0x7E`,
      [{ frames }],
    );
  },
});
