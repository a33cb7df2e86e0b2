/**
 * A notification the server sends has no id (BASE-11, MUST NOT; JSON-RPC 2.0 §4.1): a
 * `notifications/*` message with an id is a request the client would have to answer. In the
 * modern era mcpvet opens one subscriptions/listen (its acknowledgement is a notification); then,
 * running last, it looks at every message the server sent in the run.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import type { Frame } from '../../../wire/trace.js';
import { defineCheck, incomplete, pass, violation } from '../../define.js';
import { clip } from '../../probes/protocol/probe.js';
import { sharedListen, narrowFilter } from '../../probes/subscriptions/listen.js';

export default defineCheck({
  id: 'protocol.notifications-without-id',
  title: 'Server notifications carry no id',
  suite: 'protocol',
  requirements: ['BASE-11'],
  spec: 'basic/index#notifications',
  freshProcesses: 1,
  final: true,
  async run(ctx) {
    if (ctx.era === 'modern') await sharedListen(ctx, narrowFilter(ctx.client.serverCapabilities));
    const notifications = ctx.traces().flatMap((trace) => trace.frames.filter(isNotification));
    if (notifications.length === 0)
      return incomplete(
        'no-notifications',
        'the server sent no notification during the run (calls that report progress or logs, allowed with --allow-call, would make some)',
      );
    const withId = notifications.filter((frame) => 'id' in (frame.message as object));
    if (withId.length === 0) return pass(`none of the server's ${notifications.length} notification(s) carried an id`);
    const first = withId[0]!.message as { method: string; id: unknown };
    return violation(
      'notification-with-id',
      `${withId.length} of ${notifications.length} notification(s) carried an id, e.g. ${first.method} with id ${clip(JSON.stringify(first.id), 80)}; a notification must not have one`,
      [{ frames: withId.slice(0, 5) }],
    );
  },
});

function isNotification(frame: Frame): boolean {
  return (
    frame.direction === 'receive' && frame.kind === 'message' && isObject(frame.message) && String(frame.message.method ?? '').startsWith('notifications/')
  );
}
