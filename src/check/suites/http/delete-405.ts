/** DELETE on the endpoint of a 2026-07-28-only server gets 405 (SHOULD; there are no sessions to end). */
import { defineCheck } from '../../define.js';
import { expect405 } from '../../probes/http/endpoint-method.js';

export default defineCheck({
  id: 'http.delete-405',
  title: 'DELETE on the MCP endpoint gets 405',
  suite: 'http',
  requirements: ['HTTP-21'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#backward-compatibility',
  run: (ctx) => expect405(ctx, 'DELETE'),
});
