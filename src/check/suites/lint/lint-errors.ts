/** The `lint` suite: the same rules as `mcpvet lint`, error-level findings fail. */
import { defineCheck } from '../../define.js';
import { lintFindingsOf } from './lint-findings.js';

export default defineCheck({
  id: 'lint.no-errors',
  title: 'Tool definitions have no error-level lint findings (invalid schemas, broken x-mcp-header, duplicates)',
  suite: 'lint',
  requirements: ['TOOL-01', 'TOOL-02', 'TOOL-03', 'TOOL-16'],
  eras: ['modern', 'legacy'],
  transports: ['stdio', 'http'],
  requires: ['tools'],
  spec: 'server/tools#tool',
  run: (ctx) => lintFindingsOf(ctx, 'error'),
});
