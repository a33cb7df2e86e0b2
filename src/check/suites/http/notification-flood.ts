/** An HTTP server does not flood one request's SSE stream with notifications (see check/flood-verdict.ts for the rule). */
import { defineCheck } from '../../define.js';
import { judgeFloods } from '../../flood-verdict.js';

export default defineCheck({
  id: 'http.notification-flood',
  title: 'No request draws a flood of notifications on its stream',
  suite: 'http',
  requirements: ['ROB-01'],
  transports: ['http'],
  spec: 'basic#notifications',
  final: true,
  run: judgeFloods,
});
