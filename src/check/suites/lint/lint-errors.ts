/** The `lint` suite: the same rules as `mcpvet lint`, error-level findings fail. */
import { defineCheck, pass, violation } from '../../define.js';
import { describeFindings } from './describe.js';

export default defineCheck({
  id: 'lint.no-errors',
  title: 'Tool definitions have no error-level lint findings (invalid schemas, broken x-mcp-header, duplicates)',
  suite: 'lint',
  level: 'MUST',
  eras: ['modern', 'legacy'],
  transports: ['stdio', 'http'],
  requires: ['tools'],
  spec: 'server/tools#tool',
  async run(ctx) {
    const { lintTools } = await import('../../../lint/index.js');
    const tools = await ctx.tools();
    const errors = lintTools(tools).filter((finding) => finding.severity === 'error');
    if (errors.length === 0) return pass(`${tools.length} tool(s) have no error-level findings`);
    return violation(`${errors.length} error-level finding(s) (run \`mcpvet lint\` for fixes): ${describeFindings(errors)}`);
  },
});
