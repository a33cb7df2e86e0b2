/**
 * With --replica: both instances describe the same server. server/discover's capabilities and
 * versions, tools/list, prompts/list and resources/templates/list must agree, or a load balancer
 * would hand a client a different server on every request. (resources/list is data and is left
 * out: other checks may add notes to one instance during the run.)
 */
import { defineCheck, pass, violation, incomplete } from '../../define.js';
import type { Evidence } from '../../types.js';
import { connectReplica, REPLICA_HINT } from '../../probes/stateless/other-instance.js';
import { declaredLists, listDifference, walkPages } from '../../probes/stateless/lists.js';

export default defineCheck({
  id: 'stateless.replica-same-answers',
  title: 'Two instances of the server give the same lists',
  suite: 'stateless',
  requirements: ['PR-03'],
  eras: ['modern'],
  spec: 'basic/index#statelessness',
  async run(ctx) {
    if (!ctx.replica) return incomplete('no-replica', `no replica given (${REPLICA_HINT})`);
    const replica = await connectReplica(ctx, ctx.replica);
    try {
      const problems: string[] = [];
      const evidence: Evidence[] = [];
      const mine = JSON.stringify(ctx.client.serverCapabilities);
      const theirs = JSON.stringify(replica.client.serverCapabilities);
      if (mine !== theirs) problems.push(`server/discover capabilities differ (${mine} vs ${theirs})`);
      const lists = declaredLists(ctx.client.serverCapabilities, ['tools/list', 'prompts/list', 'resources/templates/list']);
      for (const method of lists) {
        const [a, b] = await Promise.all([walkPages(method, () => ctx.client), walkPages(method, () => replica.client)]);
        const failed = a.failed ?? b.failed;
        if (failed) {
          problems.push(`${method} failed on ${failed.client === ctx.client ? 'the target' : 'the replica'}`);
          evidence.push(ctx.evidence(failed.outcome.frames, failed.client));
          continue;
        }
        const difference = listDifference(a.items, b.items);
        if (difference) {
          problems.push(`${method} on the replica: ${difference}`);
          evidence.push(ctx.evidence(b.pages[0]!.outcome.frames, replica.client));
        }
      }
      if (problems.length === 0) return pass(`capabilities and ${lists.join(', ')} are the same on ${replica.label}`);
      return violation('instances-disagree', `the two instances disagree: ${problems.join('; ')}`, evidence);
    } finally {
      await replica.close();
    }
  },
});
