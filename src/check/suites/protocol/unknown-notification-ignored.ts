/**
 * A notification the server does not know is ignored: no response of any kind (a receiver
 * MUST NOT answer a notification), and the server keeps answering requests. Over HTTP the POST
 * is accepted (202, no body) or refused with a 4xx: streamable-http#sending-messages-to-the-server
 * says a server that cannot accept a notification "MUST return an HTTP error status code (e.g.,
 * 400 Bad Request)", and its body "MAY comprise a JSON-RPC error response that has no id". An HTTP
 * status is not a JSON-RPC response, so only a 3xx/5xx, or a body answering with an id, fails.
 */
import { isResponse } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, violation } from '../../define.js';
import { describeAnswer, exchange, eraMessage, probeId } from '../../probes/protocol/probe.js';

const UNKNOWN_NOTIFICATION = 'notifications/mcpvet/unknown';
/** Time for an (asynchronous) error reply to the notification to show up after the follow-up answer. */
const SETTLE_MS = 100;

export default defineCheck({
  id: 'protocol.unknown-notification-ignored',
  title: 'Unknown notifications are ignored',
  suite: 'protocol',
  requirements: ['BASE-10'],
  spec: 'basic#notifications',
  freshProcesses: 1,
  async run(ctx) {
    // A fresh connection: no other check's traffic can be mistaken for a reply.
    const client = await ctx.openClient();
    const from = client.trace.length;
    const message = eraMessage(client, undefined, UNKNOWN_NOTIFICATION, { detail: 'mcpvet probe' });
    // Over stdio a notification is just written; over HTTP its POST has a status (and maybe a body).
    const notification = client.target.transport === 'http' ? await exchange(client, message, { timeoutMs: ctx.timeoutMs }) : void (await client.raw(message));
    const followMethod = client.era === 'modern' ? 'server/discover' : 'ping';
    const follow = await exchange(client, eraMessage(client, probeId('after-notification'), followMethod), { timeoutMs: ctx.timeoutMs });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const evidence = [ctx.evidence({ from, to: client.trace.length - 1 }, client)];

    const status = notification?.http?.status;
    const refused = status !== undefined && status >= 400 && status < 500;
    const answeredWithId = (notification?.response as { id?: unknown } | undefined)?.id != null;
    if (notification && status !== undefined && (refused ? answeredWithId : status >= 300 || notification.response)) {
      return violation(
        'not-accepted',
        `the notification ${UNKNOWN_NOTIFICATION} got ${describeAnswer(notification)}; an unknown notification must be accepted (202) or refused with a 4xx whose body, if any, is an error without id`,
        evidence,
      );
    }
    // A 4xx refusal's body may carry an id-less error: it belongs to the HTTP answer, not a reply.
    const refusal = new Set(refused && notification ? notification.own : []);
    const replies = client.trace
      .since(from)
      .filter((frame) => !refusal.has(frame))
      .filter(
        (frame) => frame.direction === 'receive' && frame.kind === 'message' && isResponse(frame.message) && (frame.message as { id?: unknown }).id == null,
      );
    if (replies.length > 0)
      return violation(
        'notification-answered',
        `the server answered the notification ${UNKNOWN_NOTIFICATION} with ${replies[0]?.raw}; notifications must never be answered`,
        evidence,
      );
    if (!follow.response)
      return violation(
        'stopped-answering',
        `after the notification ${UNKNOWN_NOTIFICATION}, ${followMethod} got ${describeAnswer(follow)}: the server stopped answering`,
        evidence,
      );
    const how = refused ? `refused with HTTP ${status}, as the transport allows,` : `ignored${status !== undefined ? ` (HTTP ${status})` : ''}`;
    return pass(`${UNKNOWN_NOTIFICATION} was ${how} and ${followMethod} was still answered`, evidence);
  },
});
