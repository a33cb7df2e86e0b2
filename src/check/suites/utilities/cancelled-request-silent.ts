/**
 * After notifications/cancelled the server sends nothing more for the request: no response, no
 * progress (2026-07-28 stdio: MUST NOT; 2025-11-25: SHOULD stop and not respond). A callable tool is
 * called with a progress token on a connection of the check's own, and cancelled at its first
 * progress notification, which proves it still runs; then the line is watched for a while.
 * Messages arriving within RACE_MS of the cancellation may have crossed it on the wire: the spec
 * asks both sides to tolerate that race, so only later ones count.
 */
import type { McpClient } from '../../../client/types.js';
import { isObject, isNotification, isResponse } from '../../../protocol/jsonrpc.js';
import { TransportError } from '../../../protocol/transport-error.js';
import type { Frame } from '../../../wire/trace.js';
import { defineCheck, incomplete, notJudged, pass, violation } from '../../define.js';
import type { Finding } from '../../types.js';
import { probeId } from '../../probes/protocol/probe.js';
import { callableTools, type Callable } from '../../probes/utilities/callable-tools.js';

const RACE_MS = 50;
const WATCH_MS = 600;

export default defineCheck({
  id: 'utilities.cancelled-request-silent',
  title: 'Nothing more comes for a cancelled request',
  suite: 'utilities',
  requirements: ['CAN-01', 'CAN-05'],
  transports: ['stdio'],
  spec: 'basic/patterns/cancellation',
  freshProcesses: 1,
  async run(ctx) {
    const callable = await callableTools(ctx);
    if (!callable.tools) return notJudged(callable.none);
    const client = await ctx.openClient();
    const tried: string[] = [];
    for (const tool of callable.tools) {
      const verdict = await cancelMidway(client, tool);
      if (verdict) return verdict;
      tried.push(`"${tool.name}"`);
    }
    return incomplete(
      'never-in-flight',
      `no call could be cancelled while it ran: ${tried.join(', ')} reported no progress before answering (the check cancels at the first progress notification)`,
    );
  },
});

/** The verdict on one tool, or undefined when it finished (or reported nothing) before it could be cancelled. */
async function cancelMidway(client: McpClient, tool: Callable): Promise<Finding | undefined> {
  const token = probeId('cancel');
  const controller = new AbortController();
  const from = client.trace.length;
  let progressed = false;
  const call = client
    .request(
      'tools/call',
      { name: tool.name, arguments: tool.args, _meta: { progressToken: token } },
      {
        signal: controller.signal,
        onNotification: (notification) => {
          if (notification.method !== 'notifications/progress' || !isObject(notification.params) || notification.params.progressToken !== token) return;
          progressed = true;
          controller.abort();
        },
      },
    )
    .then(
      () => 'answered' as const,
      (error: unknown) => (error instanceof TransportError && error.kind === 'cancelled' ? ('cancelled' as const) : ('failed' as const)),
    );
  if ((await call) !== 'cancelled' || !progressed) return undefined;
  await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
  const frames = client.trace.since(from);
  const request = frames.find((frame) => frame.direction === 'send' && isObject(frame.message) && frame.message.method === 'tools/call');
  const cancel = frames.find((frame) => frame.direction === 'send' && isObject(frame.message) && frame.message.method === 'notifications/cancelled');
  if (!request || !cancel) return undefined;
  const id = (request.message as { id: unknown }).id;
  const late = frames.filter((frame) => frame.seq > cancel.seq && frame.time - cancel.time > RACE_MS && forRequest(frame, id, token));
  const evidence = [{ frames: [request, cancel, ...late.slice(0, 5)] }];
  if (late.length > 0) {
    const answered = late.some((frame) => isResponse(frame.message));
    return violation(
      answered ? 'answered-after-cancel' : 'progress-after-cancel',
      `"${tool.name}" was cancelled at its first progress notification, yet ${late.length} message${late.length === 1 ? '' : 's'} for it came more than ${RACE_MS} ms later${answered ? ', its response among them' : ''}`,
      evidence,
    );
  }
  return pass(`"${tool.name}" was cancelled at its first progress notification; nothing more came for it in ${WATCH_MS} ms`, evidence);
}

function forRequest(frame: Frame, id: unknown, token: string): boolean {
  if (frame.direction !== 'receive' || !isObject(frame.message)) return false;
  if (isResponse(frame.message)) return frame.message.id === id;
  return isNotification(frame.message) && isObject(frame.message.params) && frame.message.params.progressToken === token;
}
