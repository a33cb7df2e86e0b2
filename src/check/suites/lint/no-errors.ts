/** The `lint` suite: error-level rules of `mcpvet lint` that a spec MUST is behind; they fail. */
import { defineCheck } from '../../define.js';
import { lintFindingsOf } from '../../probes/lint/lint-findings.js';

export default defineCheck({
  id: 'lint.no-errors',
  title: 'Tool definitions have no lint errors a spec MUST is behind (invalid schemas, broken x-mcp-header)',
  suite: 'lint',
  requirements: ['TOOL-01', 'TOOL-02', 'TOOL-03', 'TOOL-16'],
  requires: ['tools'],
  spec: 'server/tools#tool',
  run: (ctx) => lintFindingsOf(ctx, 'spec-must'),
});
