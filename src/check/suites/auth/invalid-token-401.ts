/** A token the server never issued gets 401 (invalid tokens MUST). No flag needed: mcpvet makes one up. */
import { randomBytes } from 'node:crypto';
import { defineCheck } from '../../define.js';
import { expect401 } from '../../probes/auth/refused-token.js';

export default defineCheck({
  id: 'auth.invalid-token-401',
  title: 'A made-up bearer token gets 401',
  suite: 'auth',
  requirements: ['AUTH-03'],
  transports: ['http'],
  spec: 'basic/authorization#token-handling',
  run: (ctx) => expect401(ctx, { kind: 'bearer', token: `mcpvet-invalid.${randomBytes(12).toString('hex')}` }, 'a made-up token'),
});
