/**
 * The run's own (valid) token in the query string, with no Authorization header, gets 401: OAuth
 * 2.1 §5.1, which the spec's token requirements adopt, says resource servers MUST ignore it.
 */
import { defineCheck, incomplete } from '../../define.js';
import { expect401 } from '../../probes/auth/refused-token.js';

export default defineCheck({
  id: 'auth.query-token-ignored',
  title: 'The bearer token in the URI query string is not accepted',
  suite: 'auth',
  requirements: ['AUTH-13'],
  transports: ['http'],
  spec: 'basic/authorization#token-requirements',
  async run(ctx) {
    const headers = ctx.target.transport === 'http' ? (ctx.target.headers ?? {}) : {};
    const authorization = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token && Object.keys(headers).length > 0)
      return incomplete('no-bearer-token', "the run's credential is not an 'Authorization: Bearer' header, so there is no token to move into the query string");
    return expect401(ctx, { kind: 'query', token: token ?? '' }, "the run's own token");
  },
});
