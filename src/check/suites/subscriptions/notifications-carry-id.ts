/**
 * Every notification on a subscription carries _meta subscriptionId, equal to the listen id
 * (DIGEST §1, §6). A change is made with an allowed tool while listening to every list kind the
 * server declares.
 */
import { META } from '../../../protocol/meta.js';
import { defineCheck, pass, skip, violation, notJudged, incomplete } from '../../define.js';
import { broadFilter, changeMaker, listen, subscriptionIdOf } from '../../probes/subscriptions/listen.js';

export default defineCheck({
  id: 'subscriptions.notifications-carry-id',
  title: 'Subscription notifications carry the subscription id',
  suite: 'subscriptions',
  requirements: ['SUB-03', 'SUB-05'],
  eras: ['modern'],
  spec: 'basic/patterns/subscriptions#subscription-id',
  freshProcesses: 1,
  async run(ctx) {
    const change = await changeMaker(ctx);
    if ('skip' in change) return notJudged(change);
    const listening = await listen(ctx, broadFilter(ctx.client.serverCapabilities), change);
    if ('skip' in listening) return notJudged(listening);
    const after = listening.notifications.slice(1);
    if (listening.notifications.length === 0) return skip('the subscription was never acknowledged (subscriptions.ack-first judges that)');
    if (after.length === 0) return incomplete('no-notification', `no notification arrived after ${listening.change ?? 'the change'}; nothing to judge`);
    const wrong = after.filter((entry) => subscriptionIdOf(entry.message) !== listening.id);
    if (wrong.length === 0) return pass(`${after.length} notification(s) after ${listening.change}, each with subscriptionId ${listening.id}`);
    const first = wrong[0]!.message;
    return violation(
      'missing-subscription-id',
      `${wrong.length} of ${after.length} notification(s) after ${listening.change} lack the subscription id: ${String(first.method)} carried _meta["${META.subscriptionId}"] = ${JSON.stringify(subscriptionIdOf(first)) ?? 'nothing'}, not "${listening.id}"`,
      [{ frames: wrong.slice(0, 3).map((entry) => entry.frame) }],
    );
  },
});
