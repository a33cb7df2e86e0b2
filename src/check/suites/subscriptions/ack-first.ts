/**
 * The first message of a subscription is notifications/subscriptions/acknowledged; nothing may
 * precede it (DIGEST §6 "subscriptions/listen"). A listen answered with a JSON-RPC error opened
 * no subscription (JSON-RPC lets a server refuse any request), so there is nothing to acknowledge.
 */
import { defineCheck, pass, skip, violation, notJudged } from '../../define.js';
import { ACKNOWLEDGED, describeListenAnswer, sharedListen, narrowFilter } from '../../probes/subscriptions/listen.js';

export default defineCheck({
  id: 'subscriptions.ack-first',
  title: 'A subscription starts with its acknowledgement',
  suite: 'subscriptions',
  requirements: ['SUB-01'],
  eras: ['modern'],
  spec: 'basic/patterns/subscriptions#acknowledgement',
  freshProcesses: 1,
  async run(ctx) {
    const filter = narrowFilter(ctx.client.serverCapabilities);
    const listening = await sharedListen(ctx, filter);
    if ('skip' in listening) return notJudged(listening);
    const first = listening.notifications[0];
    const sent = `subscriptions/listen ${JSON.stringify(filter)}`;
    if (!first && listening.answer?.error)
      return skip(`${sent} was refused with ${describeListenAnswer(listening)}: no subscription was opened, so there is no acknowledgement to order`);
    if (!first) return violation('no-acknowledgement', `${sent} got ${describeListenAnswer(listening)} within ${ctx.timeoutMs} ms instead of ${ACKNOWLEDGED}`);
    if (first.message.method === ACKNOWLEDGED) return pass(`${sent} was acknowledged before anything else`);
    return violation('not-first', `${sent}: the first message was ${String(first.message.method)}; ${ACKNOWLEDGED} must come first, with nothing before it`, [
      { frames: listening.notifications.slice(0, 3).map((entry) => entry.frame) },
    ]);
  },
});
