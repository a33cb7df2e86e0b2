/** A channel over a stdio server: one line per message, responses matched by id. */
import { spawnStdio, type StdioConnection, type StdioOptions, type StdioShutdown } from '../wire/stdio.js';
import type { StdioTarget } from '../wire/target.js';
import { Trace } from '../wire/trace.js';
import { TransportError } from './transport-error.js';
import { mismatchedId } from './unanswered.js';
import type { Channel, ChannelReply, SendOptions, ServerRequestHandler } from './channel.js';
import { isNotification, isObject, isRequest, isResponse, type JsonObject } from './jsonrpc.js';
import { NotificationTally } from './flood.js';
import { MAX_JSON_DEPTH } from '../wire/json-depth.js';

interface Pending {
  id: unknown;
  method: string | undefined;
  options: SendOptions;
  tally: NotificationTally;
  from: number;
  progressToken?: unknown;
  resolve(reply: ChannelReply): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  stopListening(): void;
}

export class StdioChannel implements Channel {
  readonly transport = 'stdio' as const;
  private readonly connection: StdioConnection;
  private readonly pending = new Map<string, Pending>();
  /** Ids that stopped waiting (timed out, or ended by a notification): their late answers are no mismatch. */
  private readonly abandoned = new Set<string>();
  /** Ids answered lately: a second answer to one repeats it, and is no mismatch either. */
  private readonly answered = new Set<string>();
  private serverRequestHandler: ServerRequestHandler | undefined;
  private shutdown: StdioShutdown | undefined;
  /** When the process was started (performance.now()): a warm one has been starting for a while. */
  readonly startedAt = performance.now();

  constructor(
    readonly target: StdioTarget,
    readonly trace: Trace = new Trace(),
    options: Omit<StdioOptions, 'trace'> = {},
  ) {
    this.connection = spawnStdio(target, { ...options, trace });
    this.connection.onMessage((message) => this.dispatch(message));
    // A too-deep answer fails its request now (a protocol error) rather than at the timeout.
    this.connection.onRefused((_frame, id) => {
      if (id === undefined || id === null) return;
      const pending = this.pending.get(String(id));
      if (!pending) return;
      this.settle(String(id), pending);
      pending.reject(
        new TransportError('protocol', `the answer to request ${JSON.stringify(id)} is nested deeper than ${MAX_JSON_DEPTH} levels; mcpvet does not read it`),
      );
    });
    this.connection.onExit((info) => {
      const why = info.spawnError
        ? new TransportError('spawn', `could not start ${target.command}: ${info.spawnError}`, { cause: info.spawnError })
        : new TransportError('closed', `server exited (code ${info.code}${info.signal ? `, signal ${info.signal}` : ''}) before answering`);
      for (const [key, pending] of this.pending) {
        this.settle(key, pending);
        pending.reject(why);
      }
    });
  }

  get exited() {
    return this.connection.exited;
  }

  get hasExited(): boolean {
    return this.connection.hasExited;
  }

  /** The server's process id (also its process group's), undefined if it could not be started. */
  get pid(): number | undefined {
    return this.connection.pid;
  }

  setDefaultHeaders(): void {
    // stdio has no header layer: all metadata travels in the body.
  }

  onServerRequest(handler: ServerRequestHandler): void {
    this.serverRequestHandler = handler;
  }

  send(message: JsonObject | string, options: SendOptions): Promise<ChannelReply> {
    const from = this.trace.length;
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    // A probe that sends unparsable JSON can only be answered with id null.
    const id = options.awaitNullId ? null : typeof message === 'string' ? idOfText(text) : message.id;
    const expectsAnswer = options.awaitNullId || (id !== undefined && id !== null && (typeof message === 'string' || typeof message.method === 'string'));
    if (this.connection.hasExited) {
      return this.connection.exited.then((info) =>
        Promise.reject(
          info.spawnError
            ? new TransportError('spawn', `could not start ${this.target.command}: ${info.spawnError}`, { cause: info.spawnError })
            : new TransportError('closed', `server is not running (exit code ${info.code})`),
        ),
      );
    }
    if (options.signal?.aborted) return Promise.reject(cancelledBeforeSending());
    if (!expectsAnswer) {
      this.connection.send(text);
      return Promise.resolve({ notifications: [], frames: { from, to: this.trace.length - 1 } });
    }
    return new Promise<ChannelReply>((resolve, reject) => {
      const key = String(id);
      // Cancelled: stop waiting now; a late answer is kept in the trace only (abandoned).
      const onAbort = (): void => {
        const pending = this.pending.get(key);
        if (!pending) return;
        this.settle(key, pending);
        this.abandon(key);
        this.trace.add({ direction: 'local', kind: 'error', raw: `request ${key} cancelled`, detail: { reason: 'cancelled', id } });
        reject(new TransportError('cancelled', 'the request was cancelled'));
      };
      const params = typeof message === 'string' ? undefined : (message.params as JsonObject | undefined);
      const timer = setTimeout(() => {
        const pending = this.pending.get(key);
        if (pending) this.settle(key, pending);
        this.abandon(key);
        this.trace.add({
          direction: 'local',
          kind: 'error',
          raw: `no answer to request ${key} within ${options.timeoutMs} ms`,
          detail: { reason: 'timeout', id },
        });
        reject(new TransportError('timeout', `no answer within ${options.timeoutMs} ms`));
      }, options.timeoutMs);
      const progressToken = isObject(params?._meta) ? params._meta.progressToken : undefined;
      this.pending.set(key, {
        id,
        method: typeof message === 'string' ? undefined : (message.method as string | undefined),
        options,
        tally: new NotificationTally(progressToken),
        from,
        progressToken,
        resolve,
        reject,
        timer,
        stopListening: () => options.signal?.removeEventListener('abort', onAbort),
      });
      options.signal?.addEventListener('abort', onAbort, { once: true });
      this.connection.send(text);
    });
  }

  /** How `close` shuts the process down: set by a check that judges the exit of a process started before it knew. */
  shutDownWith(shutdown: StdioShutdown): void {
    this.shutdown = shutdown;
  }

  async close(): Promise<void> {
    await this.connection.close(this.shutdown);
  }

  private dispatch(message: unknown): void {
    if (isResponse(message)) {
      const key = String(message.id);
      const pending = this.pending.get(key);
      if (!pending) return this.unmatched(message.id, key);
      const to = this.trace.length - 1;
      this.settle(key, pending);
      remember(this.answered, key);
      pending.resolve({
        response: message as unknown as JsonObject,
        notifications: pending.tally.kept,
        notificationCount: pending.tally.count,
        frames: { from: pending.from, to },
      });
      return;
    }
    if (isRequest(message)) {
      void this.answerServerRequest(message as never);
      return;
    }
    if (isNotification(message)) this.routeNotification(message as unknown as JsonObject);
  }

  /**
   * An answer no request waits for. A late answer to a request that stopped waiting, or a second
   * answer to one, is kept in the trace only. Any other id is a protocol error; with one request in flight the answer was plainly
   * meant for it, so that request fails at once instead of waiting out its timeout. With several in
   * flight there is no telling which, and they keep waiting. Id null is JSON-RPC's "could not read
   * the id", answered only to a request that awaits it (awaitNullId).
   */
  private unmatched(id: unknown, key: string): void {
    if (this.abandoned.delete(key) || id === null) return;
    if (this.answered.has(key)) {
      this.trace.add({ direction: 'local', kind: 'error', raw: `request ${key} was answered again`, detail: { reason: 'repeated-answer', id } });
      return;
    }
    const waiting = [...this.pending.entries()].filter(([, pending]) => !pending.options.awaitNullId);
    if (waiting.length !== 1) {
      this.trace.add({
        direction: 'local',
        kind: 'error',
        raw: `an answer with id ${JSON.stringify(id)} matches no request in flight`,
        detail: { reason: 'mismatched-id', id },
      });
      return;
    }
    const [waitingKey, pending] = waiting[0] as [string, Pending];
    const error = mismatchedId(pending.id, id, pending.method);
    this.trace.add({ direction: 'local', kind: 'error', raw: error.message, detail: { reason: 'mismatched-id', id, sentId: pending.id } });
    this.settle(waitingKey, pending);
    this.abandon(waitingKey);
    pending.reject(error);
  }

  private abandon(key: string): void {
    remember(this.abandoned, key);
  }

  /** Progress goes to the request whose token it names, subscription traffic to its listen request, the rest to all. */
  private routeNotification(notification: JsonObject): void {
    const params = isObject(notification.params) ? notification.params : {};
    const meta = isObject(params._meta) ? params._meta : {};
    const subscriptionId = meta['io.modelcontextprotocol/subscriptionId'];
    const targets = [...this.pending.entries()].filter(([key, pending]) => {
      if (subscriptionId !== undefined) return key === String(subscriptionId);
      if (params.progressToken !== undefined) return pending.progressToken === params.progressToken;
      return true;
    });
    for (const [key, pending] of targets) {
      pending.tally.add(notification);
      pending.options.onNotification?.(notification);
      if (pending.options.stopAtFlood && pending.tally.flooded) {
        this.settle(key, pending);
        this.abandon(key);
        pending.reject(pending.tally.floodError(pending.method));
      } else if (pending.options.stopOn?.(notification)) {
        const to = this.trace.length - 1;
        this.settle(key, pending);
        this.abandon(key);
        pending.resolve({ notifications: pending.tally.kept, notificationCount: pending.tally.count, frames: { from: pending.from, to } });
      }
    }
  }

  /** The request is over: nothing waits for it any more; a flood of notifications it drew is noted. */
  private settle(key: string, pending: Pending): void {
    this.pending.delete(key);
    clearTimeout(pending.timer);
    pending.stopListening();
    pending.tally.finish(this.trace, pending);
  }

  private async answerServerRequest(request: { id: string | number; method: string; params?: JsonObject }): Promise<void> {
    const answer = this.serverRequestHandler
      ? await this.serverRequestHandler(request as never).catch((error: Error) => ({ error: { code: -32603, message: error.message } }))
      : { error: { code: -32601, message: `mcpvet does not handle ${request.method}` } };
    this.connection.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, ...answer }));
  }
}

function cancelledBeforeSending(): TransportError {
  return new TransportError('cancelled', 'the request was cancelled before it was sent');
}

function idOfText(text: string): string | number | undefined {
  try {
    const parsed = JSON.parse(text);
    return isObject(parsed) && (typeof parsed.id === 'string' || typeof parsed.id === 'number') ? parsed.id : undefined;
  } catch {
    return undefined;
  }
}

/** Bounded: only recent ids can still be answered late (or again). */
function remember(keys: Set<string>, key: string): void {
  keys.add(key);
  if (keys.size > 1024) keys.delete(keys.values().next().value as string);
}
