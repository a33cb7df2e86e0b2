/** An expired token gets 401 (MUST). */
import { defineCheck } from '../../define.js';
import { expect401 } from '../../probes/auth/refused-token.js';

export default defineCheck({
  id: 'auth.expired-token-401',
  title: 'An expired token (--token-expired) gets 401',
  suite: 'auth',
  requirements: ['AUTH-03'],
  transports: ['http'],
  spec: 'basic/authorization#token-handling',
  run: (ctx) => expect401(ctx, ctx.tokens.expired ? { kind: 'bearer', token: ctx.tokens.expired } : { missing: '--token-expired' }, 'an expired token'),
});
