/** The `lint` suite: warning-level findings (portability, descriptions, size) warn. */
import { defineCheck } from '../../define.js';
import { lintFindingsOf } from './lint-findings.js';

export default defineCheck({
  id: 'lint.no-warnings',
  title: 'Tool definitions have no warning-level lint findings (portability, descriptions, size)',
  suite: 'lint',
  requirements: ['ADV-01'],
  eras: ['modern', 'legacy'],
  transports: ['stdio', 'http'],
  requires: ['tools'],
  spec: 'server/tools#tool',
  run: (ctx) => lintFindingsOf(ctx, 'warning'),
});
