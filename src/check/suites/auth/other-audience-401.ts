/**
 * A valid token issued for another resource gets 401: servers accept only tokens issued for
 * them (RFC 8707 audience) and never pass others on (no token passthrough).
 */
import { defineCheck } from '../../define.js';
import { expect401 } from '../../probes/auth/refused-token.js';

export default defineCheck({
  id: 'auth.other-audience-401',
  title: 'A token issued for another resource (--token-other-audience) gets 401',
  suite: 'auth',
  requirements: ['AUTH-04'],
  transports: ['http'],
  spec: 'basic/authorization#token-handling',
  run: (ctx) =>
    expect401(
      ctx,
      ctx.tokens.otherAudience ? { kind: 'bearer', token: ctx.tokens.otherAudience } : { missing: '--token-other-audience' },
      'a token issued for another resource',
    ),
});
