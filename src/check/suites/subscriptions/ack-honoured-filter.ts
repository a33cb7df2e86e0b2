/**
 * The acknowledgement states the part of the requested filter the server honours: a subset of
 * what was asked (DIGEST §6). A server may honour less, never more.
 */
import { isObject, type JsonObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation, notJudged } from '../../define.js';
import { acknowledgement, sharedListen, narrowFilter } from '../../probes/subscriptions/listen.js';

export default defineCheck({
  id: 'subscriptions.ack-honoured-filter',
  title: 'The acknowledgement states a subset of the requested filter',
  suite: 'subscriptions',
  requirements: ['SUB-04'],
  eras: ['modern'],
  spec: 'basic/patterns/subscriptions#acknowledgement',
  freshProcesses: 1,
  async run(ctx) {
    const filter = narrowFilter(ctx.client.serverCapabilities);
    const listening = await sharedListen(ctx, filter);
    if ('skip' in listening) return notJudged(listening);
    const ack = acknowledgement(listening);
    if (!ack) return skip('no acknowledgement came first (subscriptions.ack-first judges that)');
    const honoured = isObject(ack.params) ? ack.params.notifications : undefined;
    const evidence = [{ frames: [listening.notifications[0]!.frame] }];
    if (!isObject(honoured))
      return violation(
        'no-honoured-filter',
        `the acknowledgement has no params.notifications (the honoured filter); asked for ${JSON.stringify(filter)}`,
        evidence,
      );
    const extra = beyondRequest(filter, honoured);
    if (extra.length === 0) return pass(`asked for ${JSON.stringify(filter)}, acknowledged ${JSON.stringify(honoured)}`);
    return violation(
      'filter-widened',
      `asked for ${JSON.stringify(filter)}, but the acknowledgement claims ${extra.join(', ')} as honoured; it must state the subset of the request the server will send`,
      evidence,
    );
  },
});

function beyondRequest(requested: JsonObject, honoured: JsonObject): string[] {
  const extra: string[] = [];
  for (const [key, value] of Object.entries(honoured)) {
    if (Array.isArray(value)) {
      const asked = Array.isArray(requested[key]) ? (requested[key] as unknown[]) : [];
      for (const item of value) if (!asked.includes(item)) extra.push(`${key} ${JSON.stringify(item)}`);
    } else if (value === true && requested[key] !== true) {
      extra.push(key);
    }
  }
  return extra;
}
