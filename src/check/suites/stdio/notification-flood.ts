/** A stdio server does not flood one request with notifications (see check/flood-verdict.ts for the rule). */
import { defineCheck } from '../../define.js';
import { judgeFloods } from '../../flood-verdict.js';

export default defineCheck({
  id: 'stdio.notification-flood',
  title: 'No request draws a flood of notifications',
  suite: 'stdio',
  requirements: ['ROB-01'],
  transports: ['stdio'],
  spec: 'basic#notifications',
  final: true,
  run: judgeFloods,
});
