/**
 * Only the requested kinds arrive (DIGEST §6: every type is opt-in, and the server MUST NOT send
 * types that were not requested; request-scoped progress and log messages never go on a listen
 * stream). The subscription asks for one list kind; then an allowed tool makes a change.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation, notJudged } from '../../define.js';
import { changeMaker, KIND_OF_FILTER, listen, narrowFilter } from '../../probes/subscriptions/listen.js';

export default defineCheck({
  id: 'subscriptions.requested-kinds-only',
  title: 'Only the requested kinds of notification arrive',
  suite: 'subscriptions',
  requirements: ['SUB-02', 'RES-12', 'LOG-02'],
  eras: ['modern'],
  spec: 'basic/patterns/subscriptions#filters',
  freshProcesses: 1,
  async run(ctx) {
    const change = await changeMaker(ctx);
    if ('skip' in change) return notJudged(change);
    const filter = narrowFilter(ctx.client.serverCapabilities);
    const listening = await listen(ctx, filter, change);
    if ('skip' in listening) return notJudged(listening);
    if (listening.notifications.length === 0) return skip('the subscription was never acknowledged (subscriptions.ack-first judges that)');
    const allowed = new Set(
      Object.entries(KIND_OF_FILTER)
        .filter(([key]) => filter[key] === true || Array.isArray(filter[key]))
        .map(([, method]) => method),
    );
    // The server may end a subscription with notifications/cancelled (DIGEST §6, teardown).
    allowed.add('notifications/cancelled');
    const after = listening.notifications.slice(1);
    const unrequested = after.filter((entry) => !allowed.has(String(entry.message.method)) || !uriRequested(entry.message, filter));
    if (unrequested.length === 0) {
      return pass(`asked for ${JSON.stringify(filter)}; after ${listening.change}, ${after.length} notification(s) arrived, all of the requested kind`);
    }
    const methods = [...new Set(unrequested.map((entry) => String(entry.message.method)))];
    return violation(
      'unrequested-kind',
      `asked for ${JSON.stringify(filter)} only, but after ${listening.change} the subscription also delivered ${methods.join(', ')}; a server must not send kinds that were not requested`,
      [{ frames: unrequested.slice(0, 3).map((entry) => entry.frame) }],
    );
  },
});

/** resources/updated is requested per URI. */
function uriRequested(message: Record<string, unknown>, filter: Record<string, unknown>): boolean {
  if (message.method !== 'notifications/resources/updated') return true;
  const uri = isObject(message.params) ? message.params.uri : undefined;
  return (
    Array.isArray(filter.resourceSubscriptions) &&
    filter.resourceSubscriptions.some((asked) => typeof uri === 'string' && typeof asked === 'string' && uri.startsWith(asked))
  );
}
