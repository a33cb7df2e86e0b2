/** Tool names SHOULD be unique within a server (SEP-986); a client can only call one of two namesakes. */
import { defineCheck, pass, violation } from '../../define.js';
import { listedTools } from '../../probes/tools/listed-tools.js';

export default defineCheck({
  id: 'tools.names-unique',
  title: 'Tool names are unique within the server',
  suite: 'tools',
  requirements: ['TOOL-07'],
  requires: ['tools'],
  spec: 'server/tools#tool-names',
  async run(ctx) {
    const listed = await listedTools(ctx);
    if (!listed.tools) return listed.skipped;
    const counts = new Map<string, number>();
    for (const tool of listed.tools) if (typeof tool.name === 'string') counts.set(tool.name, (counts.get(tool.name) ?? 0) + 1);
    const repeated = [...counts].filter(([, count]) => count > 1).map(([name, count]) => `"${name}" (${count} times)`);
    if (repeated.length > 0)
      return violation('duplicate-name', `tools/list lists the same name more than once: ${repeated.join(', ')}; tools/call can reach only one of them`);
    return pass(`all ${counts.size} tool names are distinct`);
  },
});
