/** The `lint` suite: warning-level findings (portability, descriptions, size) warn. */
import { defineCheck, pass, violation } from '../../define.js';
import { describeFindings } from './describe.js';

export default defineCheck({
  id: 'lint.no-warnings',
  title: 'Tool definitions have no warning-level lint findings (portability, descriptions, size)',
  suite: 'lint',
  level: 'SHOULD',
  eras: ['modern', 'legacy'],
  transports: ['stdio', 'http'],
  requires: ['tools'],
  spec: 'server/tools#tool',
  async run(ctx) {
    const { lintTools } = await import('../../../lint/index.js');
    const tools = await ctx.tools();
    const warnings = lintTools(tools).filter((finding) => finding.severity === 'warning');
    if (warnings.length === 0) return pass(`${tools.length} tool(s) have no warning-level findings`);
    return violation(`${warnings.length} warning(s) (run \`mcpvet lint\` for fixes): ${describeFindings(warnings)}`);
  },
});
