/**
 * Replay: a cassette stands in for the server, over stdio (a line upstream) or HTTP (an HTTP
 * upstream). The answer to a request is the recording the matcher picks, with the response id set
 * to the new request's id, and progress tokens and subscription ids of its notifications set to the
 * new ones. Over HTTP the recorded status and headers come back too (Mcp-Session-Id, content type).
 */
import { ErrorCode } from '../protocol/errors.js';
import { isNotification, isObject, isRequest, isResponse, type JsonObject, type RequestId } from '../protocol/jsonrpc.js';
import { META } from '../protocol/meta.js';
import { exchangesOf, progressTokenOf, type CassetteExchanges, type RecordedExchange, type RecordedReply } from '../relay/cassette-exchanges.js';
import type { Cassette } from '../relay/cassette-format.js';
import { withId, type IdTemplates } from './id-template.js';
import { Matcher, type MatchMode } from './match.js';
import { endToEndHeaders, isEventStream, type HttpRequestIn, type HttpResponseOut, type HttpUpstream, type SseEvent } from '../relay/http-upstream.js';
import { LineEmitter } from '../relay/lines.js';
import { parseJson } from '../wire/json-depth.js';

/** The JSON-RPC error code of "this request is not in the cassette". */
export const NOT_RECORDED_CODE = ErrorCode.InternalError;

export interface ReplayOptions {
  match?: MatchMode;
  /** Named in "not recorded" errors. */
  source?: string;
  /** How long a replayed server-to-client request (legacy elicitation) waits for the client's answer (default 10 s). */
  answerTimeoutMs?: number;
}

type Answer = { exchange: RecordedExchange; replies: RecordedReply[] } | { error: JsonObject };

export class ReplayEngine {
  private readonly exchanges: CassetteExchanges;
  private readonly matcher: Matcher;
  /** Exchanges without a request, by HTTP method and notification method, with the next unanswered one. */
  private readonly others = new Map<string, { items: RecordedExchange[]; next: number }>();
  private readonly waiting = new Map<string, () => void>();
  private readonly idTemplates: IdTemplates = new Map();

  constructor(
    cassette: Cassette,
    private readonly options: ReplayOptions = {},
  ) {
    this.exchanges = exchangesOf(cassette);
    this.matcher = new Matcher(this.exchanges.requests, options.match ?? 'params');
    for (const exchange of this.exchanges.others) {
      const key = JSON.stringify([exchange.httpMethod, exchange.request?.method]);
      const queue = this.others.get(key) ?? { items: [], next: 0 };
      queue.items.push(exchange);
      this.others.set(key, queue);
    }
  }

  answer(request: JsonObject): Answer {
    const match = this.matcher.take(request);
    if ('missing' in match) {
      const source = this.options.source ? ` in ${this.options.source}` : '';
      return {
        error: errorResponse(request.id as RequestId, NOT_RECORDED_CODE, `mcpvet replay: not recorded${source}: ${match.missing}`, {
          reason: 'not-recorded',
          method: request.method,
        }),
      };
    }
    return { exchange: match.exchange, replies: retarget(match.exchange, request, this.idTemplates) };
  }

  /** A recorded HTTP exchange without a request (notification POST, GET stream, DELETE), in recorded order, then the last again. */
  other(httpMethod: string, method: string | undefined): RecordedExchange | undefined {
    const queue = this.others.get(JSON.stringify([httpMethod, method]));
    if (!queue) return undefined;
    return queue.next < queue.items.length ? queue.items[queue.next++] : queue.items[queue.items.length - 1];
  }

  /** The client answered a server-to-client request we replayed. */
  clientAnswered(message: JsonObject): void {
    const key = JSON.stringify(message.id);
    this.waiting.get(key)?.();
    this.waiting.delete(key);
  }

  /** Sends replies in order; after a server-to-client request, waits for the client's answer as the server did. */
  async play(replies: RecordedReply[], send: (reply: RecordedReply) => void, signal?: AbortSignal): Promise<void> {
    for (const reply of replies) {
      if (signal?.aborted) return;
      send(reply);
      if (reply.message && isRequest(reply.message)) await this.answerOf(reply.message.id, signal);
    }
  }

  private answerOf(id: RequestId, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const key = JSON.stringify(id);
      const timer = setTimeout(done, this.options.answerTimeoutMs ?? 10_000);
      signal?.addEventListener('abort', done, { once: true });
      this.waiting.set(key, done);
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }
}

/** The recorded replies, addressed to the new request. */
function retarget(exchange: RecordedExchange, request: JsonObject, templates: IdTemplates): RecordedReply[] {
  const recordedId = exchange.request?.id;
  const recordedToken = progressTokenOf(exchange.request);
  const newToken = progressTokenOf(request);
  return exchange.replies.map((reply) => {
    const message = reply.message;
    if (!message) return reply;
    if (isResponse(message) && message.id === recordedId)
      return { kind: reply.kind, raw: withId(message, request.id as RequestId, templates), message: { ...message, id: request.id } };
    if (!isNotification(message) || !isObject(message.params)) return reply;
    const params: JsonObject = { ...message.params };
    if (recordedToken !== undefined && params.progressToken === recordedToken && newToken !== undefined) params.progressToken = newToken;
    if (isObject(params._meta) && params._meta[META.subscriptionId] === recordedId) params._meta = { ...params._meta, [META.subscriptionId]: request.id };
    return withMessage(reply, { ...message, params });
  });
}

function withMessage(reply: RecordedReply, message: JsonObject): RecordedReply {
  return { kind: reply.kind, raw: JSON.stringify(message), message };
}

export function errorResponse(id: RequestId | null, code: number, message: string, data?: unknown): JsonObject {
  const error: JsonObject = { code, message };
  if (data !== undefined) error.data = data;
  return { jsonrpc: '2.0', id, error };
}

/** The endpoint path the cassette was recorded on (its query left out: it is not ours to print). */
export function recordedPath(cassette: Cassette): string {
  return cassette.frames.find((frame) => frame.http)?.http?.path.split('?')[0] ?? '/mcp';
}

/** A cassette served line by line (stdio). */
export class ReplayLines extends LineEmitter {
  constructor(private readonly engine: ReplayEngine) {
    super();
  }

  write(line: string): void {
    let message: unknown;
    try {
      message = parseJson(line);
    } catch {
      // What a conforming server answers to a line that is not JSON.
      this.later(() => this.emitLine(JSON.stringify(errorResponse(null, ErrorCode.ParseError, 'Parse error: invalid JSON'))));
      return;
    }
    if (!isObject(message)) return;
    if (isResponse(message)) return this.engine.clientAnswered(message);
    if (!isRequest(message)) return; // notifications need no answer
    const answer = this.engine.answer(message);
    if ('error' in answer) return this.later(() => this.emitLine(JSON.stringify(answer.error)));
    this.later(() => void this.engine.play(answer.replies, (reply) => this.emitLine(reply.raw)));
  }

  async close(): Promise<void> {
    this.emitClose(0);
  }

  /** Answers never arrive inside the write call, as with a real process. */
  private later(action: () => void): void {
    setImmediate(action);
  }
}

/** Response headers that belonged to the recorded moment, not to the answer. */
const STALE_HEADERS = new Set(['date', 'etag', 'last-modified', 'age', 'expires']);

/** A cassette served over HTTP. */
export class ReplayHttp implements HttpUpstream {
  constructor(private readonly engine: ReplayEngine) {}

  async handle(request: HttpRequestIn): Promise<HttpResponseOut> {
    if (request.method !== 'POST') return this.bodiless(request.method);
    let message: unknown;
    try {
      message = parseJson(request.body);
    } catch {
      return json(400, errorResponse(null, ErrorCode.ParseError, 'Parse error: invalid JSON'));
    }
    if (!isObject(message)) return json(400, errorResponse(null, ErrorCode.InvalidRequest, 'Invalid request'));
    if (isResponse(message)) {
      this.engine.clientAnswered(message);
      return { status: 202, headers: {}, body: { type: 'none' } };
    }
    if (!isRequest(message)) {
      const recorded = isNotification(message) ? this.engine.other('POST', message.method) : undefined;
      return recorded?.http ? this.recordedAnswer(recorded, recorded.replies, request.signal) : { status: 202, headers: {}, body: { type: 'none' } };
    }
    const answer = this.engine.answer(message);
    if ('error' in answer) return json(200, answer.error);
    return this.recordedAnswer(answer.exchange, answer.replies, request.signal);
  }

  async close(): Promise<void> {}

  private bodiless(method: string): HttpResponseOut | Promise<HttpResponseOut> {
    const recorded = this.engine.other(method, undefined);
    if (recorded?.http) return this.recordedAnswer(recorded, recorded.replies, new AbortController().signal);
    // What a 2026-07-28 server answers to GET and DELETE (DIGEST §3).
    return {
      ...json(405, errorResponse(null, ErrorCode.InvalidRequest, `Method ${method} not allowed (not in the cassette)`)),
      headers: { 'content-type': 'application/json', allow: 'POST' },
    };
  }

  private recordedAnswer(exchange: RecordedExchange, replies: RecordedReply[], signal: AbortSignal): HttpResponseOut | Promise<HttpResponseOut> {
    const recorded = exchange.http;
    const headers = recorded ? replayHeaders(recorded.headers) : {};
    const status = recorded?.status ?? 200;
    // A stdio cassette served over HTTP: a bare response is JSON, anything more needs a stream.
    const stream = recorded ? isEventStream(recorded.headers) : replies.length > 1;
    if (!recorded && !exchange.response) return never(signal);
    if (stream) {
      return {
        status,
        headers: { ...headers, 'content-type': headers['content-type'] ?? 'text/event-stream' },
        body: { type: 'sse', events: this.events(replies, signal) },
      };
    }
    const body = replies[replies.length - 1];
    if (!body) return { status, headers, body: { type: 'none' } };
    return { status, headers: { ...headers, 'content-type': headers['content-type'] ?? 'application/json' }, body: { type: 'text', text: body.raw } };
  }

  private async *events(replies: RecordedReply[], signal: AbortSignal): AsyncGenerator<SseEvent> {
    const queue: SseEvent[] = [];
    let wake: (() => void) | undefined;
    let finished = false;
    void this.engine
      .play(
        replies,
        (reply) => {
          queue.push({ event: 'message', data: reply.raw });
          wake?.();
        },
        signal,
      )
      .finally(() => {
        finished = true;
        wake?.();
      });
    for (;;) {
      while (queue.length > 0) yield queue.shift() as SseEvent;
      if (finished) return;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  }
}

function replayHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(endToEndHeaders(headers)).filter(([name]) => !STALE_HEADERS.has(name)));
}

function json(status: number, body: JsonObject): HttpResponseOut {
  return { status, headers: { 'content-type': 'application/json' }, body: { type: 'text', text: JSON.stringify(body) } };
}

/** A request the server never answered when recorded is never answered now (until the client gives up). */
function never(signal: AbortSignal): Promise<HttpResponseOut> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(new Error('aborted'));
    signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
}
