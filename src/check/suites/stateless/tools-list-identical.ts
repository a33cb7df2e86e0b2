/**
 * tools/list is the same on every connection, in the same order (DIGEST §5-6: the list must not
 * vary per connection; §12: ordered deterministically). Compared: the run's connection and two
 * fresh ones (fresh processes on stdio).
 */
import { defineCheck, pass, violation } from '../../define.js';
import { listDifference } from './lists.js';

export default defineCheck({
  id: 'stateless.tools-list-identical',
  title: 'tools/list is identical across connections',
  suite: 'stateless',
  requirements: ['TOOL-04', 'TOOL-05'],
  eras: ['modern'],
  transports: ['stdio', 'http'],
  requires: ['tools'],
  spec: 'server/tools#listing-tools',
  async run(ctx) {
    const reference = await ctx.tools();
    for (let attempt = 1; attempt <= 2; attempt++) {
      const fresh = await ctx.openClient();
      const tools = await fresh.listAll('tools/list');
      const difference = listDifference(reference, tools);
      if (difference) {
        return violation(
          `tools/list on fresh connection ${attempt} differs from the run's connection: ${difference}; a tool list must not depend on the connection`,
          [{ frames: fresh.trace.frames.filter((frame) => frame.direction === 'receive').slice(-3) }],
        );
      }
    }
    return pass(`tools/list gave the same ${reference.length} tools, in the same order, on 3 connections`);
  },
});
