/**
 * With --replica: pages of a list alternate between the two instances (page 1 from the target,
 * page 2 from the replica, ...), so every cursor is redeemed by the instance that did not issue
 * it. Each page must be served, and the lists that do not hold data must come out as they do from
 * one instance: this proves cursors need no sticky sessions.
 */
import { defineCheck, pass, skip, violation, incomplete } from '../../define.js';
import { connectReplica, REPLICA_HINT } from '../../probes/stateless/other-instance.js';
import { declaredLists, listDifference, walkPages } from '../../probes/stateless/lists.js';

const DATA_LISTS = ['resources/list'];

export default defineCheck({
  id: 'stateless.replica-pagination',
  title: 'Pagination cursors work across instances',
  suite: 'stateless',
  requirements: ['LIFE-12', 'PAG-02'],
  eras: ['modern'],
  spec: 'server/utilities/pagination',
  async run(ctx) {
    if (!ctx.replica) return incomplete('no-replica', `no replica given (${REPLICA_HINT})`);
    const replica = await connectReplica(ctx, ctx.replica);
    try {
      const clients = [ctx.client, replica.client];
      const crossed: string[] = [];
      for (const method of declaredLists(ctx.client.serverCapabilities)) {
        const alternating = await walkPages(method, (page) => clients[page % 2]!);
        if (alternating.failed) {
          const where = alternating.failed.client === ctx.client ? 'the target' : replica.label;
          const outcome = alternating.failed.outcome;
          return violation(
            'cursor-refused',
            `${method} page ${alternating.pages.length}, with the cursor issued by the other instance, failed on ${where}: ${outcome.error ? `error ${outcome.error.code} "${outcome.error.message}"` : 'no list in the answer'}; cursors must work on any instance`,
            [
              ctx.evidence(
                alternating.pages[alternating.pages.length - 2]?.outcome.frames ?? outcome.frames,
                alternating.pages[alternating.pages.length - 2]?.client ?? ctx.client,
              ),
              ctx.evidence(outcome.frames, alternating.failed.client),
            ],
          );
        }
        if (alternating.pages.length < 2) continue;
        crossed.push(`${method} (${alternating.pages.length} pages)`);
        if (DATA_LISTS.includes(method)) continue;
        const single = await walkPages(method, () => ctx.client);
        const difference = single.failed ? undefined : listDifference(single.items, alternating.items);
        if (difference)
          return violation('pages-differ', `${method} paged across both instances differs from paging one instance: ${difference}`, [
            ctx.evidence(alternating.pages[1]!.outcome.frames, replica.client),
          ]);
      }
      if (crossed.length === 0) return skip('no list has a second page, so no cursor could cross instances');
      return pass(`pages alternated between the target and ${replica.label}: ${crossed.join(', ')}`);
    } finally {
      await replica.close();
    }
  },
});
