/** The `lint` suite: the other lint findings (portability, descriptions, size, unbased errors) are advice: info notes. */
import { defineCheck } from '../../define.js';
import { lintFindingsOf } from '../../probes/lint/lint-findings.js';

export default defineCheck({
  id: 'lint.no-warnings',
  title: 'Tool definitions follow the lint advice (portability, descriptions, size, schema constructs)',
  suite: 'lint',
  requirements: ['ADV-01'],
  requires: ['tools'],
  spec: 'server/tools#tool',
  run: (ctx) => lintFindingsOf(ctx, 'advice'),
});
