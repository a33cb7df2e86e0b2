/**
 * tools/list is the same on every connection, in the same order. A different set breaks a MUST NOT
 * (TOOL-04: the list does not vary per connection); a different order only a SHOULD (TOOL-05:
 * deterministic order). Compared: the run's connection and two fresh ones (fresh processes on stdio).
 */
import { defineCheck, pass, violation } from '../../define.js';
import { listDifference, onlyOrderDiffers } from '../../probes/stateless/lists.js';

export default defineCheck({
  id: 'stateless.tools-list-identical',
  title: 'tools/list is identical across connections',
  suite: 'stateless',
  requirements: ['TOOL-04', 'TOOL-05'],
  eras: ['modern'],
  requires: ['tools'],
  spec: 'server/tools#listing-tools',
  freshProcesses: 2,
  async run(ctx) {
    const reference = await ctx.tools();
    // Opened side by side: over stdio each is a server process to wait for.
    const connections = await Promise.all([ctx.openClient(), ctx.openClient()]);
    for (const [index, fresh] of connections.entries()) {
      const attempt = index + 1;
      const tools = await fresh.listAll('tools/list');
      const difference = listDifference(reference, tools);
      if (difference) {
        const evidence = [{ frames: fresh.trace.frames.filter((frame) => frame.direction === 'receive').slice(-3) }];
        if (onlyOrderDiffers(reference, tools)) {
          return {
            ...violation(
              'order-differs',
              `tools/list on fresh connection ${attempt} has the same tools in another order: ${difference}; tools should come in a deterministic order`,
              evidence,
            ),
            requirement: 'TOOL-05',
          };
        }
        return {
          ...violation(
            'tools-differ',
            `tools/list on fresh connection ${attempt} differs from the run's connection: ${difference}; a tool list must not depend on the connection`,
            evidence,
          ),
          requirement: 'TOOL-04',
        };
      }
    }
    return pass(`tools/list gave the same ${reference.length} tools, in the same order, on 3 connections`);
  },
});
