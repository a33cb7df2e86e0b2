/**
 * A cassette as exchanges: each client request with what the server sent for it (notifications,
 * server-to-client requests, stdout noise, the response) and, over HTTP, the status and headers.
 * HTTP frames carry their exchange number; stdio frames are attributed by id, progress token and
 * subscription id, the rest going to the latest request still waiting.
 */
import { isNotification, isObject, isRequest, isResponse, type JsonObject } from '../protocol/jsonrpc.js';
import { META } from '../protocol/meta.js';
import type { Cassette, CassetteFrame } from './cassette-format.js';
import { parseJson } from '../wire/json-depth.js';

export interface RecordedReply {
  kind: CassetteFrame['kind'];
  raw: string;
  /** Set when the raw text is a JSON object. */
  message?: JsonObject;
}

export interface RecordedHttp {
  status: number;
  headers: Record<string, string>;
}

export interface RecordedExchange {
  /** Position among the recorded requests (0-based). */
  index: number;
  /** HTTP method of the exchange (POST for every JSON-RPC request; GET or DELETE otherwise). */
  httpMethod?: string;
  /** The client's message: a request, a notification, or undefined for a bodiless GET/DELETE. */
  request?: JsonObject;
  replies: RecordedReply[];
  /** The final JSON-RPC response among the replies, if the server answered. */
  response?: JsonObject;
  http?: RecordedHttp;
}

export interface CassetteExchanges {
  /** Client requests (they have an id and a method), in recorded order. */
  requests: RecordedExchange[];
  /** HTTP exchanges that carry no request: notifications, client answers, GET streams, DELETE. */
  others: RecordedExchange[];
}

export function exchangesOf(cassette: Cassette): CassetteExchanges {
  return cassette.frames.some((frame) => frame.http) ? httpExchanges(cassette.frames) : stdioExchanges(cassette.frames);
}

function parse(raw: string): JsonObject | undefined {
  try {
    const value: unknown = parseJson(raw);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function httpExchanges(frames: CassetteFrame[]): CassetteExchanges {
  const byNumber = new Map<number, RecordedExchange>();
  const order: RecordedExchange[] = [];
  for (const frame of frames) {
    if (!frame.http) continue;
    const message = parse(frame.raw);
    if (frame.dir === 'client') {
      const exchange: RecordedExchange = { index: -1, httpMethod: frame.http.method, request: message, replies: [] };
      byNumber.set(frame.http.exchange, exchange);
      order.push(exchange);
      continue;
    }
    const exchange = byNumber.get(frame.http.exchange);
    if (!exchange) continue;
    exchange.http ??= { status: frame.http.status ?? 200, headers: frame.http.headers };
    if (frame.kind === 'http' && frame.raw === '') continue;
    exchange.replies.push({ kind: frame.kind, raw: frame.raw, message });
    if (message && isResponse(message)) exchange.response = message;
  }
  return split(order);
}

function stdioExchanges(frames: CassetteFrame[]): CassetteExchanges {
  const order: RecordedExchange[] = [];
  /** Requests still waiting for their response, oldest first. */
  const open: RecordedExchange[] = [];
  for (const frame of frames) {
    if (frame.kind === 'stderr' || frame.kind === 'exit') continue;
    const message = parse(frame.raw);
    if (frame.dir === 'client') {
      if (message && isRequest(message)) {
        const exchange: RecordedExchange = { index: -1, request: message, replies: [] };
        order.push(exchange);
        open.push(exchange);
      }
      continue;
    }
    if (message && isResponse(message)) {
      const at = open.findIndex((exchange) => exchange.request?.id === message.id);
      if (at === -1) continue;
      const [exchange] = open.splice(at, 1) as [RecordedExchange];
      exchange.replies.push({ kind: frame.kind, raw: frame.raw, message });
      exchange.response = message;
      continue;
    }
    const owner = (message && isNotification(message) ? ownerOf(message, open) : undefined) ?? open[open.length - 1];
    // Output while no request waits (list_changed after the fact, a startup banner) belongs to no answer.
    owner?.replies.push({ kind: frame.kind, raw: frame.raw, message });
  }
  return split(order);
}

/** Progress names its request by token, subscription traffic by the listen request's id. */
function ownerOf(notification: JsonObject, open: RecordedExchange[]): RecordedExchange | undefined {
  const params = isObject(notification.params) ? notification.params : {};
  const meta = isObject(params._meta) ? params._meta : {};
  const subscription = meta[META.subscriptionId];
  if (subscription !== undefined) return open.find((exchange) => exchange.request?.id === subscription);
  if (params.progressToken !== undefined) return open.find((exchange) => progressTokenOf(exchange.request) === params.progressToken);
  return undefined;
}

export function progressTokenOf(request: JsonObject | undefined): unknown {
  const params = isObject(request?.params) ? request.params : {};
  return isObject(params._meta) ? params._meta.progressToken : undefined;
}

function split(order: RecordedExchange[]): CassetteExchanges {
  const requests: RecordedExchange[] = [];
  const others: RecordedExchange[] = [];
  for (const exchange of order) {
    if (exchange.request && isRequest(exchange.request)) {
      exchange.index = requests.length;
      requests.push(exchange);
    } else {
      exchange.index = others.length;
      others.push(exchange);
    }
  }
  return { requests, others };
}
