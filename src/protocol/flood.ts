/**
 * Counts the notifications that arrive for one request, keeps the first few, and notes a flood
 * in the trace. The spec sets no limit on notifications, but a server that sends more than
 * NOTIFICATION_FLOOD of them for one request (progress for the request's own token aside, which
 * the client asked for) is misbehaving: the stdio and http flood checks report the note.
 */
import type { Trace } from '../wire/trace.js';
import { MAX_KEPT_NOTIFICATIONS } from './channel.js';
import { isObject, type JsonObject } from './jsonrpc.js';
import { TransportError } from './transport-error.js';

/** More non-progress notifications than this for one request is a flood. */
export const NOTIFICATION_FLOOD = 10_000;

export class NotificationTally {
  readonly kept: JsonObject[] = [];
  count = 0;
  private progress = 0;

  constructor(private readonly progressToken: unknown) {}

  add(notification: JsonObject): void {
    this.count++;
    const params = isObject(notification.params) ? notification.params : {};
    if (notification.method === 'notifications/progress' && this.progressToken !== undefined && params.progressToken === this.progressToken) this.progress++;
    if (this.kept.length < MAX_KEPT_NOTIFICATIONS) this.kept.push(notification);
  }

  /**
   * Past the limit a request sent with `stopAtFlood` stops waiting (a flood sent until the timeout
   * kept every request of a `check` busy for its whole timeout, and its frames in memory).
   */
  get flooded(): boolean {
    return this.count - this.progress > NOTIFICATION_FLOOD;
  }

  /** Why the request stopped early: it drew a flood. */
  floodError(method: unknown): TransportError {
    const name = typeof method === 'string' ? method : 'the request';
    return new TransportError(
      'protocol',
      `the server sent more than ${NOTIFICATION_FLOOD} notifications while ${name} was pending; mcpvet stopped waiting for it`,
      {
        cause: 'notification-flood',
      },
    );
  }

  /** Once the request is over: a pinned `notification-flood` frame when the count passed the limit. */
  finish(trace: Trace, request: { id?: unknown; method?: unknown }): void {
    const unrequested = this.count - this.progress;
    if (unrequested <= NOTIFICATION_FLOOD) return;
    const method = typeof request.method === 'string' ? request.method : 'a request';
    trace.add(
      {
        direction: 'local',
        kind: 'error',
        raw: `${unrequested} notifications (besides progress it asked for) arrived while ${method} (id ${JSON.stringify(request.id)}) was pending`,
        detail: { reason: 'notification-flood', id: request.id, method: request.method, count: this.count, unrequested, limit: NOTIFICATION_FLOOD },
      },
      { pin: true },
    );
  }
}
