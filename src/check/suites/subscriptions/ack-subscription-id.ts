/** The acknowledgement carries _meta subscriptionId equal to the listen request's JSON-RPC id (DIGEST §6). */
import { META } from '../../../protocol/meta.js';
import { defineCheck, pass, skip, violation, notJudged } from '../../define.js';
import { acknowledgement, sharedListen, narrowFilter, subscriptionIdOf } from '../../probes/subscriptions/listen.js';

export default defineCheck({
  id: 'subscriptions.ack-subscription-id',
  title: 'The acknowledgement carries the listen request id as subscriptionId',
  suite: 'subscriptions',
  requirements: ['SUB-01', 'SUB-05'],
  eras: ['modern'],
  spec: 'basic/patterns/subscriptions#subscription-id',
  freshProcesses: 1,
  async run(ctx) {
    const listening = await sharedListen(ctx, narrowFilter(ctx.client.serverCapabilities));
    if ('skip' in listening) return notJudged(listening);
    const ack = acknowledgement(listening);
    if (!ack) return skip('no acknowledgement came first (subscriptions.ack-first judges that)');
    const given = subscriptionIdOf(ack);
    if (given === listening.id) return pass(`the acknowledgement names subscription ${listening.id}, the listen request's id`);
    return violation(
      'wrong-subscription-id',
      `the listen request had id "${listening.id}", but its acknowledgement carries _meta["${META.subscriptionId}"] = ${JSON.stringify(given) ?? 'nothing'}; the subscription id is the listen request's id`,
      [{ frames: [listening.notifications[0]!.frame] }],
    );
  },
});
