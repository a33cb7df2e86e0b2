/**
 * A subscriptions/listen for one task's notifications (`notifications.taskIds`, declared with the
 * tasks extension), on the connection that created the task: over stdio a task lives in that
 * server process. Only the messages of this stream are collected: over HTTP those of its own SSE
 * response, over stdio those that carry its subscription id.
 */
import { randomUUID } from 'node:crypto';
import { MCPVET_CLIENT_INFO } from '../../../client/base-client.js';
import type { McpClient } from '../../../client/types.js';
import { modernHeaders } from '../../../protocol/headers.js';
import { isNotification, isObject, type JsonObject } from '../../../protocol/jsonrpc.js';
import { withModernMeta } from '../../../protocol/meta.js';
import type { Frame } from '../../../wire/trace.js';
import type { CheckContext } from '../../types.js';
import { subscriptionIdOf } from '../subscriptions/listen.js';
import { WITH_TASKS_EXTENSION } from './task-support.js';

export interface TaskListen {
  /** The listen request's id, which is the subscription id. */
  id: string;
  /** The notifications of this stream so far, in order. */
  messages(): { message: JsonObject; frame: Frame }[];
  /** Ends the subscription (stdio: notifications/cancelled; HTTP: the stream closes) and waits for it. */
  stop(): Promise<void>;
}

/** Opens the listen and waits (at most `readyMs`, until it is answered, or until the check is aborted) for its first message. */
export async function listenToTask(ctx: CheckContext, client: McpClient, taskId: string, readyMs = 1000): Promise<TaskListen> {
  const id = `mcpvet-task-listen-${randomUUID()}`;
  const params = withModernMeta(
    { notifications: { taskIds: [taskId] } },
    { protocolVersion: client.protocolVersion, clientCapabilities: WITH_TASKS_EXTENSION, clientInfo: MCPVET_CLIENT_INFO },
  );
  const headers = ctx.transport === 'http' ? modernHeaders({ protocolVersion: client.protocolVersion, method: 'subscriptions/listen', params }) : {};
  const from = client.trace.length;
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  ctx.signal.addEventListener('abort', abort, { once: true });
  let settled = false;
  const pending = client
    .raw({ jsonrpc: '2.0', id, method: 'subscriptions/listen', params }, { headers, timeoutMs: ctx.timeoutMs * 3, signal: controller.signal })
    .catch(() => undefined)
    .finally(() => void (settled = true));
  const messages = (): { message: JsonObject; frame: Frame }[] => {
    const frames = client.trace.since(from);
    const exchange = frames.find((frame) => frame.direction === 'send' && isObject(frame.message) && frame.message.id === id)?.http?.exchange;
    return frames
      .filter((frame) => frame.direction === 'receive' && isNotification(frame.message))
      .map((frame) => ({ message: frame.message as unknown as JsonObject, frame }))
      .filter(({ message, frame }) => (exchange !== undefined ? frame.http?.exchange === exchange : subscriptionIdOf(message) === id));
  };
  const deadline = Date.now() + Math.min(readyMs, ctx.timeoutMs);
  // A refused listen (an error answer) settles at once: no stream to wait for.
  while (messages().length === 0 && !settled && !ctx.signal.aborted && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return {
    id,
    messages,
    async stop() {
      controller.abort();
      ctx.signal.removeEventListener('abort', abort);
      await pending;
    },
  };
}
