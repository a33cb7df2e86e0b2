/**
 * Legacy Streamable HTTP: session ids are globally unique and cryptographically secure (2025-11-25
 * transports, SHOULD). Black box, that means: several fresh sessions get distinct ids, and what
 * varies between them is long enough to carry real entropy (a counter or a clock stamp varies in a
 * few characters; a random UUID, a signed JWT or a hash varies in dozens). The ids compared never
 * reach the report, only their lengths.
 */
import { defineCheck, pass, skip, violation } from '../../define.js';
import { sessionIdOf } from '../../probes/http/legacy-session.js';

const SESSIONS = 4;
/** Characters that must differ between ids: 16 hex characters are 64 bits. */
const MIN_VARYING = 16;

export default defineCheck({
  id: 'http.legacy-session-ids-unguessable',
  title: 'Legacy session ids are unique and unguessable',
  suite: 'http',
  requirements: ['LHTTP-07'],
  eras: ['legacy'],
  transports: ['http'],
  spec: '2025-11-25/basic/transports#session-management',
  async run(ctx) {
    const first = sessionIdOf(ctx.client);
    if (first === undefined) return skip('the server gave no Mcp-Session-Id at initialize (sessions are optional)');
    const ids = [first];
    for (let n = 0; n < SESSIONS; n++) {
      const client = await ctx.openClient({ era: 'legacy' });
      const id = sessionIdOf(client);
      if (id !== undefined) ids.push(id);
    }
    const distinct = new Set(ids).size;
    if (distinct < ids.length)
      return violation('repeated-session-id', `${ids.length} sessions got only ${distinct} distinct session id(s); session ids should be globally unique`);
    const varying = varyingSpan(ids);
    if (varying < MIN_VARYING) {
      return violation(
        'guessable-session-id',
        `${ids.length} session ids (${ids[0]!.length} characters long) differ only in ${varying} character(s) between their common prefix and suffix, like a counter or a clock; session ids should be cryptographically secure (a random UUID, a signed token, a hash)`,
      );
    }
    return pass(`${ids.length} sessions got distinct ids that differ in ${varying}+ characters`);
  },
});

/** The shortest stretch between the prefix and the suffix all ids share. */
function varyingSpan(ids: string[]): number {
  let prefix = ids[0]!.length;
  let suffix = ids[0]!.length;
  for (const id of ids.slice(1)) {
    let p = 0;
    while (p < prefix && p < id.length && id[p] === ids[0]![p]) p++;
    prefix = p;
    let s = 0;
    while (s < suffix && s < id.length && id[id.length - 1 - s] === ids[0]![ids[0]!.length - 1 - s]) s++;
    suffix = s;
  }
  return Math.min(...ids.map((id) => Math.max(0, id.length - prefix - suffix)));
}
