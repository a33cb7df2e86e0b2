/** A channel over Streamable HTTP: each message is its own POST; answers come as JSON or SSE. */
import { HttpFailure, httpExchange, type HttpExchange } from '../wire/http.js';
import type { HttpTarget } from '../wire/target.js';
import { Trace } from '../wire/trace.js';
import type { Channel, ChannelReply, SendOptions, ServerRequestHandler } from './channel.js';
import { isNotification, isObject, isRequest, isResponse, type JsonObject, type RequestMessage } from './jsonrpc.js';
import { TransportError } from './transport-error.js';
import { mismatchedId, streamEndedUnanswered } from './unanswered.js';
import { NotificationTally } from './flood.js';

const BASE_HEADERS: Record<string, string> = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

export class HttpChannel implements Channel {
  readonly transport = 'http' as const;
  private defaults: Record<string, string> = {};
  private serverRequestHandler: ServerRequestHandler | undefined;
  private readonly open = new Set<AbortController>();

  constructor(
    readonly target: HttpTarget,
    readonly trace: Trace = new Trace(),
  ) {}

  setDefaultHeaders(headers: Record<string, string | null>): void {
    this.defaults = mergeHeaders(this.defaults, headers);
  }

  onServerRequest(handler: ServerRequestHandler): void {
    this.serverRequestHandler = handler;
  }

  async send(message: JsonObject | string, options: SendOptions): Promise<ChannelReply> {
    const from = this.trace.length;
    const body = typeof message === 'string' ? message : JSON.stringify(message);
    const id = typeof message === 'string' ? undefined : message.id;
    const params = typeof message === 'string' ? undefined : message.params;
    const tally = new NotificationTally(isObject(params) && isObject(params._meta) ? params._meta.progressToken : undefined);
    const headers = mergeHeaders(mergeHeaders({ ...BASE_HEADERS, ...lower(this.target.headers ?? {}) }, this.defaults), options.headers ?? {});
    const httpMethod = options.httpMethod ?? 'POST';
    if (options.signal?.aborted) throw new TransportError('cancelled', 'the request was cancelled before it was sent');
    const controller = new AbortController();
    // Cancelling closes the request's stream, which is how HTTP cancels (DIGEST §3).
    const cancel = (): void => controller.abort();
    options.signal?.addEventListener('abort', cancel, { once: true });
    this.open.add(controller);
    let exchange: HttpExchange;
    try {
      exchange = await httpExchange({
        url: this.target.url,
        method: httpMethod,
        headers,
        // fetch allows no body on GET; a DELETE probe carries none either.
        body: httpMethod === 'GET' || httpMethod === 'DELETE' ? undefined : body,
        timeoutMs: options.timeoutMs,
        trace: this.trace,
        signal: controller.signal,
        onMessage: (received) => {
          if (isRequest(received)) void this.answerServerRequest(received, headers, options.timeoutMs);
          else if (isNotification(received)) {
            tally.add(received as unknown as JsonObject);
            options.onNotification?.(received as unknown as JsonObject);
          }
        },
        // An answer on this POST's stream, whatever its id, ends it: only this request's can come.
        until: (received) =>
          (isResponse(received) && id !== undefined) ||
          (isNotification(received) && ((options.stopOn?.(received as unknown as JsonObject) ?? false) || (options.stopAtFlood === true && tally.flooded))),
      });
    } catch (error) {
      if (options.signal?.aborted) throw new TransportError('cancelled', 'the request was cancelled');
      throw toTransportError(error, this.target.url);
    } finally {
      options.signal?.removeEventListener('abort', cancel);
      this.open.delete(controller);
      tally.finish(this.trace, { id, method: typeof message === 'string' ? undefined : message.method });
    }
    const responses = exchange.messages.filter(isResponse) as unknown as JsonObject[];
    if (options.signal?.aborted && responses.length === 0) throw new TransportError('cancelled', 'the request was cancelled');
    const method = typeof message === 'string' ? undefined : (message.method as string | undefined);
    const response = this.answerOf(responses, id, method);
    if (!response && options.stopAtFlood && tally.flooded) throw tally.floodError(method);
    const awaited = id !== undefined && id !== null && method !== undefined && httpMethod === 'POST' && !options.stopOn;
    if (awaited && !response && !exchange.stoppedEarly && exchange.contentType?.startsWith('text/event-stream') && exchange.status < 300) {
      const error = streamEndedUnanswered(method, exchange.status, tally.count);
      this.trace.add({ direction: 'local', kind: 'error', raw: error.message, detail: { reason: 'stream-ended-unanswered', id } });
      throw error;
    }
    return {
      response,
      notifications: tally.kept,
      notificationCount: tally.count,
      http: { status: exchange.status, headers: exchange.headers, contentType: exchange.contentType, bodyText: exchange.bodyText },
      frames: { from, to: this.trace.length - 1 },
    };
  }

  /**
   * The response to request `id` among those of its POST. Ids compare as stdio's do (2 and "2"
   * alike: whether the type was kept is for checks to judge). Id null is JSON-RPC's "could not read
   * the id" and stays the answer; any other id is a protocol error, as on stdio.
   */
  private answerOf(responses: JsonObject[], id: unknown, method: string | undefined): JsonObject | undefined {
    if (id === undefined || id === null) return responses[0];
    const answer =
      responses.find((candidate) => String(candidate.id) === String(id)) ?? responses.find((candidate) => candidate.id === null || candidate.id === undefined);
    if (answer || responses.length === 0) return answer;
    const error = mismatchedId(id, responses[0]?.id, method);
    this.trace.add({ direction: 'local', kind: 'error', raw: error.message, detail: { reason: 'mismatched-id', id: responses[0]?.id, sentId: id } });
    throw error;
  }

  async close(): Promise<void> {
    for (const controller of this.open) controller.abort();
    this.open.clear();
  }

  /** Legacy servers may send requests on an SSE stream; the answer is POSTed back. */
  private async answerServerRequest(request: RequestMessage, headers: Record<string, string>, timeoutMs: number): Promise<void> {
    const answer = this.serverRequestHandler
      ? await this.serverRequestHandler(request).catch((error: Error) => ({ error: { code: -32603, message: error.message } }))
      : { error: { code: -32601, message: `mcpvet does not handle ${request.method}` } };
    const { 'mcp-method': _method, 'mcp-name': _name, ...rest } = headers;
    await httpExchange({
      url: this.target.url,
      method: 'POST',
      headers: rest,
      body: JSON.stringify({ jsonrpc: '2.0', id: request.id, ...answer }),
      timeoutMs,
      trace: this.trace,
    }).catch(() => {});
  }
}

function toTransportError(error: unknown, url: string): Error {
  if (!(error instanceof HttpFailure)) return error as Error;
  const kind =
    error.kind === 'network' || error.kind === 'aborted' ? 'closed' : error.kind === 'oversize' || error.kind === 'too-deep' ? 'protocol' : error.kind;
  return new TransportError(kind, error.message, { url, cause: error.detail });
}

function lower(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function mergeHeaders(base: Record<string, string>, extra: Record<string, string | null>): Record<string, string> {
  const out = { ...base };
  for (const [name, value] of Object.entries(extra)) {
    if (value === null) delete out[name.toLowerCase()];
    else out[name.toLowerCase()] = value;
  }
  return out;
}
