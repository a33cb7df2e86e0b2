/**
 * Messages are UTF-8 (basic/transports): a request whose string id holds multi-byte characters
 * is read as UTF-8, and its answer comes back as UTF-8 carrying that id unchanged. Invalid bytes
 * decode to U+FFFD, which mcpvet never sent; other changes mean the server decoded the request
 * (or encoded the answer) as something else, e.g. Latin-1.
 */
import { defineCheck, incomplete, pass, violation } from '../../define.js';
import { utf8Echo } from '../../probes/protocol/utf8-echo.js';

const REPLACEMENT = '\uFFFD';

export default defineCheck({
  id: 'protocol.utf8-messages',
  title: 'Multi-byte UTF-8 is read and answered as UTF-8',
  suite: 'protocol',
  requirements: ['BASE-19'],
  spec: 'basic/transports',
  async run(ctx) {
    const echo = await utf8Echo(ctx.client, ctx.timeoutMs);
    const evidence = [ctx.evidence(spanOf(echo.frames))];
    const answer = echo.answer;
    if (!answer)
      return incomplete('no-answer', `a request with the string id ${JSON.stringify(echo.id)} got no answer (${echo.failure}); other checks judge why`);
    const got = answer.message && typeof (answer.message as { id?: unknown }).id === 'string' ? (answer.message as { id: string }).id : undefined;
    // A large answer keeps only the head of its text; its message holds the rest.
    const clipped = answer.truncated && answer.message !== undefined;
    if (answer.raw.includes(REPLACEMENT) || (clipped && JSON.stringify(answer.message).includes(REPLACEMENT)))
      return violation(
        'invalid-utf8',
        `the answer to id ${JSON.stringify(echo.id)} held bytes that are not valid UTF-8 (they decode to U+FFFD${got ? `: id came back as ${JSON.stringify(got)}` : ''}); messages must be UTF-8`,
        evidence,
      );
    if (got !== echo.id)
      return violation(
        'text-mangled',
        `the request id ${JSON.stringify(echo.id)} came back as ${got === undefined ? 'no string id' : JSON.stringify(got)}: the server did not read or write the message as UTF-8`,
        evidence,
      );
    return pass(`the string id ${JSON.stringify(echo.id)} (2-, 3- and 4-byte UTF-8) came back unchanged in valid UTF-8`, evidence);
  },
});

function spanOf(frames: { seq: number }[]): { from: number; to: number } {
  if (frames.length === 0) return { from: 0, to: -1 };
  return { from: Math.min(...frames.map((frame) => frame.seq)), to: Math.max(...frames.map((frame) => frame.seq)) };
}
