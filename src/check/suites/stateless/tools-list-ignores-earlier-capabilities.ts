/**
 * What an earlier request declared does not change tools/list: a server MUST NOT infer
 * capabilities from earlier requests on the same connection (DIGEST §1 "Statelessness"). On one
 * connection tools/list is asked declaring every input capability, then declaring none; the
 * second answer must equal a fresh connection's answer declaring none.
 */
import { defineCheck, pass, violation } from '../../define.js';
import { ALL_INPUT_CAPABILITIES } from '../../probes/mrtr/input-required.js';
import { listDifference, walkPages } from '../../probes/stateless/lists.js';

export default defineCheck({
  id: 'stateless.tools-list-ignores-earlier-capabilities',
  title: 'tools/list does not change with what an earlier request declared',
  suite: 'stateless',
  requirements: ['LIFE-11', 'TOOL-04'],
  eras: ['modern'],
  requires: ['tools'],
  spec: 'basic/index#statelessness',
  freshProcesses: 2,
  async run(ctx) {
    // Opened side by side: over stdio each is a server process to wait for.
    const [clean, reused] = await Promise.all([ctx.openClient(), ctx.openClient()]);
    const baseline = await walkPages('tools/list', () => clean, {});
    const declaring = await walkPages('tools/list', () => reused, ALL_INPUT_CAPABILITIES);
    const after = await walkPages('tools/list', () => reused, {});
    for (const [walk, what] of [
      [baseline, 'on a fresh connection'],
      [declaring, 'declaring every capability'],
      [after, 'after that, declaring none'],
    ] as const) {
      if (walk.failed) return violation('list-failed', `tools/list ${what} failed`, [ctx.evidence(walk.failed.outcome.frames, walk.failed.client)]);
    }
    const difference = listDifference(baseline.items, after.items);
    if (!difference)
      return pass(
        `tools/list declaring no capabilities is the same (${after.items.length} tools) before and after a request that declared ${Object.keys(ALL_INPUT_CAPABILITIES).join(', ')}`,
      );
    return violation(
      'capabilities-remembered',
      `tools/list declaring no capabilities, sent after a tools/list that declared ${Object.keys(ALL_INPUT_CAPABILITIES).join(', ')} on the same connection, differs from a fresh connection's: ${difference}. The server remembered capabilities from an earlier request`,
      [ctx.evidence(after.pages[0]!.outcome.frames, reused)],
    );
  },
});
