/**
 * A list does not depend on what the *first* request of a connection declared (LIFE-11; TOOL-04,
 * RES-04, PR-03: no set varies per connection or as a side effect of other requests). Two fresh
 * connections: P opens declaring every input capability and lists declaring them, then declaring
 * none; Q opens declaring none and lists declaring none, then all. The same request must get the
 * same list on both, whatever the connection began with (a server that latches the capabilities
 * of a connection's first request fails; stateless.tools-list-ignores-earlier-capabilities
 * covers capabilities remembered from any earlier request).
 */
import { defineCheck, pass, skip, violation } from '../../define.js';
import type { Finding } from '../../types.js';
import { ALL_INPUT_CAPABILITIES } from '../../probes/mrtr/input-required.js';
import { declaredLists, listDifference, walkPages, type ListMethod } from '../../probes/stateless/lists.js';

const REQUIREMENT: Record<ListMethod, string> = {
  'tools/list': 'TOOL-04',
  'resources/list': 'RES-04',
  'resources/templates/list': 'RES-04',
  'prompts/list': 'PR-03',
};

const ALL = Object.keys(ALL_INPUT_CAPABILITIES).join(', ');

export default defineCheck({
  id: 'stateless.lists-ignore-first-capabilities',
  title: "Lists do not depend on the capabilities a connection's first request declared",
  suite: 'stateless',
  requirements: ['LIFE-11', 'TOOL-04', 'RES-04', 'PR-03'],
  eras: ['modern'],
  spec: 'basic/index#statelessness',
  freshProcesses: 2,
  async run(ctx) {
    const methods = declaredLists(ctx.client.serverCapabilities);
    if (methods.length === 0) return skip('the server declares no tools, resources or prompts to list');
    // The connection's handshake is its first request: it declares what the connection begins with.
    // Opened side by side: over stdio each is a server process to wait for.
    const [p, q] = await Promise.all([ctx.openClient({ capabilities: ALL_INPUT_CAPABILITIES }), ctx.openClient({ capabilities: {} })]);
    const findings: Finding[] = [];
    const compared: string[] = [];
    for (const method of methods) {
      const pAll = await walkPages(method, () => p, ALL_INPUT_CAPABILITIES);
      const pNone = await walkPages(method, () => p, {});
      const qNone = await walkPages(method, () => q, {});
      const qAll = await walkPages(method, () => q, ALL_INPUT_CAPABILITIES);
      const failed = [pAll, pNone, qNone, qAll].find((walk) => walk.failed)?.failed;
      if (failed) {
        findings.push(violation('list-failed', `${method} on a fresh connection failed`, [ctx.evidence(failed.outcome.frames, failed.client)], { method }));
        continue;
      }
      for (const [declared, fromP, fromQ] of [
        ['none', pNone, qNone],
        [ALL, pAll, qAll],
      ] as const) {
        const difference = listDifference(fromQ.items, fromP.items);
        if (!difference) continue;
        findings.push({
          ...violation(
            'first-request-remembered',
            `${method} declaring ${declared} differs between a connection whose first request declared ${ALL} and one whose first request declared none: ${difference}. The list depends on how the connection began`,
            [ctx.evidence(fromP.pages[0]!.outcome.frames, p), ctx.evidence(fromQ.pages[0]!.outcome.frames, q)],
            { method },
          ),
          requirement: REQUIREMENT[method],
        });
      }
      compared.push(`${method} (${pNone.items.length}/${pAll.items.length})`);
    }
    if (findings.length > 0) return findings;
    return pass(`declaring none and declaring ${ALL}, each list was the same on connections that began either way: ${compared.join(', ')}`);
  },
});
