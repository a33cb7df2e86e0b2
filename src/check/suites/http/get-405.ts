/** GET on the endpoint of a 2026-07-28-only server gets 405 (SHOULD; the GET stream became subscriptions/listen). */
import { defineCheck } from '../../define.js';
import { expect405 } from '../../probes/http/endpoint-method.js';

export default defineCheck({
  id: 'http.get-405',
  title: 'GET on the MCP endpoint gets 405',
  suite: 'http',
  requirements: ['HTTP-21'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#backward-compatibility',
  run: (ctx) => expect405(ctx, 'GET'),
});
