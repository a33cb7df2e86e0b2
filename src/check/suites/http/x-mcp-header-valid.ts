/**
 * `x-mcp-header` annotations follow the validity rules (DIGEST §3): a non-empty RFC 9110 token,
 * unique per schema, only on string/integer/boolean properties reached through `properties`
 * alone. HTTP clients MUST drop a tool that breaks them, so such a tool is unusable over HTTP.
 * The rules are the lint engine's x-mcp-header rules. The annotations are the same whatever the
 * transport, so the check runs on stdio too.
 */
import { defineCheck, pass, violation } from '../../define.js';
import { lintOnce, selectFindings } from '../../lint-once.js';

export default defineCheck({
  id: 'http.x-mcp-header-valid',
  title: 'x-mcp-header annotations are valid',
  suite: 'http',
  requirements: ['TOOL-16'],
  eras: ['modern'],
  transports: ['http', 'stdio'],
  requires: ['tools'],
  spec: 'server/tools#x-mcp-header',
  async run(ctx) {
    const tools = await ctx.tools();
    const { count, kept } = selectFindings(await lintOnce(tools), (finding) => finding.ruleId.startsWith('x-mcp-header.'));
    const annotated = tools.filter((tool) => JSON.stringify(tool.inputSchema ?? {}).includes('"x-mcp-header"')).length;
    if (count === 0) return pass(`${annotated} tool(s) use x-mcp-header, all validly`);
    const shown = kept.slice(0, 5).map((finding) => `${finding.tool} ${finding.path}: ${finding.message}`);
    const listed = kept.map((finding) => `${finding.ruleId} ${finding.tool} ${finding.path}: ${finding.message}`);
    if (count > kept.length) listed.push(`and ${count - kept.length} more`);
    return violation(
      'invalid-header-declared',
      `${count} invalid x-mcp-header annotation(s); HTTP clients must drop these tools: ${shown.join('; ')}${count > shown.length ? '; …' : ''}`,
      [{ note: listed.join('\n') }],
    );
  },
});
