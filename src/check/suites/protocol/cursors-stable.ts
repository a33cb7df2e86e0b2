/**
 * Cursors are stable (PAG-02, SHOULD): a nextCursor the server issued still gives the same page
 * when it is used again a little later, on every list the server declares. A single-use or
 * quickly expiring cursor breaks a client that retries a page after a timeout.
 */
import { LIST_ITEMS_FIELD } from '../../../protocol/lists.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import type { Finding } from '../../types.js';
import { describeAnswer } from '../../probes/tools/answer.js';
import { declaredLists, listDifference } from '../../probes/stateless/lists.js';
import type { JsonObject } from '../../../protocol/jsonrpc.js';

/** How long to wait before using a cursor again: long enough to outlive a per-request cache. */
const REUSE_AFTER_MS = 1000;

export default defineCheck({
  id: 'protocol.cursors-stable',
  title: 'A nextCursor used again later gives the same page',
  suite: 'protocol',
  requirements: ['PAG-02'],
  spec: 'server/utilities/pagination#implementation-guidelines',
  async run(ctx) {
    const client = ctx.client;
    const findings: Finding[] = [];
    const judged: string[] = [];
    for (const method of declaredLists(client.serverCapabilities)) {
      const field = LIST_ITEMS_FIELD[method];
      const first = await client.request(method, {});
      const cursor = first.result?.nextCursor;
      if (typeof cursor !== 'string') continue;
      const once = await client.request(method, { cursor });
      await new Promise((resolve) => setTimeout(resolve, Math.min(REUSE_AFTER_MS, ctx.timeoutMs / 4)));
      const again = await client.request(method, { cursor });
      const evidence = [ctx.evidence({ from: once.frames.from, to: again.frames.to })];
      const itemsOf = (result: JsonObject | undefined) => (Array.isArray(result?.[field]) ? (result[field] as JsonObject[]) : undefined);
      const [onceItems, againItems] = [itemsOf(once.result), itemsOf(again.result)];
      if (!onceItems) continue; // the first use itself failed: the list checks judge that
      judged.push(method);
      if (!againItems) {
        findings.push(
          violation(
            'cursor-not-reusable',
            `${method} with cursor ${JSON.stringify(cursor)} gave a page, but the same cursor used again got ${describeAnswer(again)}`,
            evidence,
            {
              method,
            },
          ),
        );
        continue;
      }
      const difference = listDifference(onceItems, againItems);
      if (difference)
        findings.push(
          violation('cursor-unstable', `${method} with cursor ${JSON.stringify(cursor)} gave another page the second time: ${difference}`, evidence, {
            method,
          }),
        );
    }
    if (findings.length > 0) return findings;
    if (judged.length === 0) return skip('no list the server declares has a second page');
    return pass(`a nextCursor used again after ${REUSE_AFTER_MS} ms gave the same page: ${judged.join(', ')}`);
  },
});
