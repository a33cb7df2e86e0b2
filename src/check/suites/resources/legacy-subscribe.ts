/**
 * Legacy era: a server that declares `resources.subscribe` MUST answer resources/subscribe and
 * resources/unsubscribe (declaring a capability is a promise to implement it). Judged on a
 * listed URI, so the server cannot refuse it as unknown; any error answer breaks the promise.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { describeAnswer } from '../../probes/tools/answer.js';
import { sharedListing } from '../../probes/tools/list-pages.js';

export default defineCheck({
  id: 'resources.legacy-subscribe',
  title: 'A server declaring resources.subscribe answers resources/subscribe and resources/unsubscribe',
  suite: 'resources',
  requirements: ['RES-11'],
  eras: ['legacy'],
  requires: ['resources'],
  spec: 'server/resources#subscriptions',
  freshProcesses: 1,
  async run(ctx) {
    const declared = ctx.client.serverCapabilities.resources;
    if (!isObject(declared) || declared.subscribe !== true) return skip('the server does not declare resources.subscribe');
    const listing = await sharedListing(ctx.client, 'resources/list');
    const uri = listing.items.map((item) => (isObject(item) ? item.uri : undefined)).find((value): value is string => typeof value === 'string');
    if (!uri) return skip('the server lists no resource to subscribe to');
    // A connection of its own: the subscription must not leak notifications into other checks.
    const client = await ctx.openClient();
    const subscribed = await client.request('resources/subscribe', { uri });
    const unsubscribed = await client.request('resources/unsubscribe', { uri });
    const evidence = [ctx.evidence(subscribed.frames, client), ctx.evidence(unsubscribed.frames, client)];
    const failed = [
      ['resources/subscribe', subscribed],
      ['resources/unsubscribe', unsubscribed],
    ] as const;
    const bad = failed.filter(([, outcome]) => !isObject(outcome.result));
    if (bad.length > 0) {
      return violation(
        'not-implemented',
        `the server declares resources.subscribe, but ${bad.map(([method, outcome]) => `${method} of ${uri} answered ${describeAnswer(outcome)}`).join(' and ')}; a declared capability must be implemented`,
        evidence,
      );
    }
    return pass(`resources/subscribe and resources/unsubscribe of ${uri} both answered with a result`);
  },
});
