/**
 * One HTTP exchange read event by event, for probes that judge the stream itself: header names
 * sent exactly as given (httpExchange lower-cases them), every SSE field (ids, retry, events whose
 * data is empty, which httpExchange drops), whether the server or mcpvet ended the body, and a
 * listening window after which mcpvet closes a stream that never ends. Frames go to the trace.
 * Nothing here knows MCP.
 */
import { createParser } from 'eventsource-parser';
import type { Trace } from './trace.js';
import { parseJson } from './json-depth.js';

export interface SseItem {
  /** An event (its data may be empty), or a `retry` field. */
  kind: 'event' | 'retry';
  id?: string;
  event?: string;
  data?: string;
  retryMs?: number;
  /** The parsed JSON data, when it is JSON. */
  message?: unknown;
}

export interface StreamProbeOptions {
  url: string;
  method?: string;
  /** Sent with these exact names. */
  headers: Record<string, string>;
  body?: string;
  trace: Trace;
  /** The longest the exchange may take, headers and body (mcpvet then closes it). */
  timeoutMs: number;
  /** Once an item satisfies this, the body is read at most `graceMs` longer, to see whether the server ends it. */
  settle?: (item: SseItem) => boolean;
  graceMs?: number;
  /** Stop reading SSE after this many ms even when nothing settled (a GET stream that stays open). */
  listenMs?: number;
  maxBodyBytes?: number;
  signal?: AbortSignal;
}

export interface StreamProbeResult {
  exchange: number;
  status: number;
  headers: Record<string, string>;
  contentType?: string;
  /** SSE items in arrival order (bounded). */
  items: SseItem[];
  /** The body text when it was not SSE (bounded), and its JSON when it parsed. */
  bodyText: string;
  json?: unknown;
  /** True when the server ended the body; false when mcpvet stopped reading (window, grace, size). */
  ended: boolean;
  frames: { from: number; to: number };
}

export class StreamProbeFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamProbeFailure';
  }
}

const MAX_ITEMS = 500;
const DEFAULT_MAX_BODY = 4 * 1024 * 1024;

export async function streamProbe(options: StreamProbeOptions): Promise<StreamProbeResult> {
  const { trace, url } = options;
  const method = options.method ?? 'POST';
  const from = trace.length;
  const exchange = trace.nextExchange();
  const sentHeaders = Object.fromEntries(Object.entries(options.headers).map(([name, value]) => [name.toLowerCase(), value]));
  trace.add({
    direction: 'send',
    kind: options.body === undefined ? 'http' : 'message',
    raw: options.body ?? '',
    message: tryParse(options.body),
    http: { exchange, method, url, headers: sentHeaders },
  });

  const controller = new AbortController();
  let stoppedByUs = false;
  const stop = (): void => {
    stoppedByUs = true;
    controller.abort();
  };
  const timer = setTimeout(stop, options.timeoutMs);
  const onOuterAbort = (): void => stop();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const timers: NodeJS.Timeout[] = [timer];

  try {
    let response: Response;
    try {
      response = await fetch(url, { method, headers: options.headers, body: options.body, signal: controller.signal, redirect: 'manual' });
    } catch (error) {
      const reason = stoppedByUs
        ? `no answer within ${options.timeoutMs} ms`
        : `network error: ${(error as { cause?: Error }).cause?.message ?? (error as Error).message}`;
      trace.add({ direction: 'local', kind: 'error', raw: reason, http: { exchange, method, url, headers: {} } });
      throw new StreamProbeFailure(reason);
    }
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    const contentType = headers['content-type'];
    const meta = { exchange, method, url, headers, status: response.status, contentType };
    const result: StreamProbeResult = {
      exchange,
      status: response.status,
      headers,
      contentType,
      items: [],
      bodyText: '',
      ended: false,
      frames: { from, to: from },
    };
    const isSse = contentType?.toLowerCase().startsWith('text/event-stream') ?? false;
    if (isSse && options.listenMs !== undefined) timers.push(setTimeout(stop, options.listenMs));

    const record = (item: SseItem): void => {
      if (result.items.length < MAX_ITEMS) result.items.push(item);
      if (item.kind === 'event' && item.data) {
        trace.add({ direction: 'receive', kind: item.message === undefined ? 'parse-error' : 'message', raw: item.data, message: item.message, http: meta });
      } else {
        // Events with no data and retry fields carry no message: a note keeps them in the evidence.
        trace.add({
          direction: 'receive',
          kind: 'http',
          raw: item.kind === 'retry' ? `retry: ${item.retryMs}` : `id: ${item.id ?? ''}\ndata:`,
          http: meta,
          detail: { sse: item },
        });
      }
      if (options.settle?.(item)) timers.push(setTimeout(stop, options.graceMs ?? 1000));
    };
    const parser = createParser({
      onEvent: (event) => record({ kind: 'event', id: event.id, event: event.event, data: event.data, message: event.data ? tryParse(event.data) : undefined }),
      onRetry: (retryMs) => record({ kind: 'retry', retryMs }),
    });

    const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    let bytes = 0;
    let text = '';
    try {
      for (;;) {
        if (!reader) {
          result.ended = true;
          break;
        }
        const { value, done } = await reader.read();
        if (done) {
          result.ended = true;
          break;
        }
        bytes += value.byteLength;
        if (bytes > limit) {
          stop();
          break;
        }
        const chunk = decoder.decode(value, { stream: true });
        if (isSse) parser.feed(chunk);
        else text += chunk;
      }
    } catch (error) {
      if (!stoppedByUs) {
        trace.add({ direction: 'local', kind: 'error', raw: `the body broke off: ${(error as Error).message}`, http: meta });
      }
    } finally {
      await reader?.cancel().catch(() => {});
    }
    if (!isSse) {
      result.bodyText = text.slice(0, 64 * 1024);
      const message = tryParse(text);
      result.json = message;
      trace.add({ direction: 'receive', kind: message === undefined ? 'http' : 'message', raw: result.bodyText, message, http: meta });
    }
    result.frames = { from, to: trace.length - 1 };
    return result;
  } finally {
    for (const pending of timers) clearTimeout(pending);
    options.signal?.removeEventListener('abort', onOuterAbort);
    controller.abort();
  }
}

function tryParse(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return parseJson(text);
  } catch {
    return undefined;
  }
}
