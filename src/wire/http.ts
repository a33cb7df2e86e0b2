/**
 * One HTTP exchange with an endpoint: any method, any headers, any body. Reads a JSON body or an
 * SSE stream (each event's data is one message), keeps status and headers, and traces every frame.
 * Nothing here knows MCP.
 */
import { createParser } from 'eventsource-parser';
import type { Frame, Trace } from './trace.js';
import { type BodyBudget, bodyBudget } from './body-budget.js';
import { JsonTooDeepError, MAX_JSON_DEPTH, traceTooDeep } from './json-depth.js';
import { parseMessageText } from './shared-results.js';
import { noteReceived } from './received.js';
import { NotificationBurst } from './notification-burst.js';

export interface HttpExchangeOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  trace: Trace;
  /** Each parsed JSON message of the body, as it arrives (SSE events arrive one by one). */
  onMessage?: (message: unknown, frame: Frame) => void;
  /** Stop reading the body once this returns true (e.g. the awaited response arrived). */
  until?: (message: unknown) => boolean;
  /** Aborts the exchange (closing an SSE stream cancels the request in MCP). */
  signal?: AbortSignal;
  /** The most body bytes read before the exchange fails (default 64 MiB): a hostile server cannot exhaust memory. */
  maxBodyBytes?: number;
  /** The bound on body bytes held by all exchanges at once (default: the process's, src/wire/body-budget.ts). */
  budget?: BodyBudget;
}

const DEFAULT_MAX_BODY = 64 * 1024 * 1024;
/** Messages of one body kept in full before only those with an id are (see HttpExchange.messages). */
export const MAX_KEPT_MESSAGES = 1000;

export interface HttpExchange {
  exchange: number;
  status: number;
  headers: Record<string, string>;
  contentType: string | undefined;
  /**
   * Parsed JSON messages of the body: one for application/json, one per event for SSE. Past
   * MAX_KEPT_MESSAGES only those with an `id` (responses, requests) are kept: a flood of
   * notifications cannot exhaust memory; `messageCount` counts them all.
   */
  messages: unknown[];
  messageCount: number;
  /** The body text when it was not JSON or SSE, or did not parse. */
  bodyText: string;
  /** True when the body was cut short by `until` or the abort signal. */
  stoppedEarly: boolean;
}

export class HttpFailure extends Error {
  constructor(
    readonly kind: 'refused' | 'dns' | 'timeout' | 'aborted' | 'network' | 'oversize' | 'too-deep',
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'HttpFailure';
  }
}

export async function httpExchange(options: HttpExchangeOptions): Promise<HttpExchange> {
  const { trace, url } = options;
  const method = options.method ?? 'POST';
  const exchange = trace.nextExchange();
  const requestHeaders = lowerCaseKeys(options.headers ?? {});
  trace.add({
    direction: 'send',
    kind: options.body === undefined ? 'http' : jsonKind(options.body),
    raw: options.body ?? '',
    message: tryParse(options.body),
    http: { exchange, method, url, headers: requestHeaders },
  });

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  const fail = (error: unknown): never => {
    const failure = classifyFetchError(error, timedOut, options.timeoutMs, options.signal?.aborted ?? false);
    trace.add({
      direction: 'local',
      kind: 'error',
      raw: failure.message,
      detail: { reason: failure.kind, cause: failure.detail },
      http: { exchange, method, url, headers: {} },
    });
    throw failure;
  };

  try {
    let response: Response;
    try {
      response = await fetch(url, { method, headers: requestHeaders, body: options.body, signal: controller.signal, redirect: 'manual' });
    } catch (error) {
      return fail(error);
    }
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    const contentType = headers['content-type'];
    const meta = { exchange, method, url, headers, status: response.status, contentType };
    const result: HttpExchange = { exchange, status: response.status, headers, contentType, messages: [], messageCount: 0, bodyText: '', stoppedEarly: false };
    const burst = new NotificationBurst(trace, meta);

    const deliver = (raw: string): boolean => {
      let message: unknown;
      try {
        message = parseMessageText(raw);
      } catch (error) {
        if (error instanceof JsonTooDeepError) {
          traceTooDeep(trace, raw, { http: meta });
          throw new HttpFailure('too-deep', `the server sent a message nested deeper than ${MAX_JSON_DEPTH} levels; mcpvet does not read it`);
        }
        message = undefined;
      }
      const frame = trace.add(
        {
          direction: 'receive',
          kind: message === undefined ? 'parse-error' : 'message',
          raw,
          message,
          parseError: message === undefined ? 'invalid JSON' : undefined,
          http: meta,
        },
        burst.received(message),
      );
      if (message === undefined) return false;
      result.messageCount++;
      if (result.messages.length < MAX_KEPT_MESSAGES || hasId(message)) result.messages.push(message);
      options.onMessage?.(message, frame);
      return options.until?.(message) ?? false;
    };

    const limits = { perBody: options.maxBodyBytes ?? DEFAULT_MAX_BODY, budget: options.budget ?? bodyBudget };
    try {
      if (contentType?.startsWith('text/event-stream') && response.body) {
        result.stoppedEarly = await readEventStream(response.body, deliver, limits);
      } else {
        const text = response.body ? await readCapped(response.body, limits) : '';
        if (contentType?.includes('json') && text.trim()) {
          deliver(text);
          if (result.messages.length === 0) result.bodyText = text;
        } else {
          result.bodyText = text;
          trace.add({ direction: 'receive', kind: 'http', raw: text, http: meta });
        }
      }
      burst.end();
    } catch (error) {
      burst.end();
      if (error instanceof HttpFailure) {
        controller.abort();
        trace.add({ direction: 'local', kind: 'error', raw: error.message, detail: { reason: error.kind }, http: meta });
        throw error;
      }
      if (result.messages.length > 0 && (options.signal?.aborted || timedOut)) {
        result.stoppedEarly = true;
        return result;
      }
      return fail(error);
    }
    return result;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

interface BodyLimits {
  perBody: number;
  budget: BodyBudget;
}

function oversize(limit: number): HttpFailure {
  return new HttpFailure('oversize', `the response body is larger than ${limit} bytes; mcpvet stopped reading it`);
}

function overBudget(budget: BodyBudget): HttpFailure {
  const mib = Math.round(budget.maxBytes / (1024 * 1024));
  return new HttpFailure('oversize', `the response bodies being read at once passed mcpvet's ${mib} MiB budget; mcpvet stopped reading this one`);
}

/** Counts the bytes a body holds against its own cap and the shared budget; `release` gives back what it held. */
function holder(limits: BodyLimits) {
  let read = 0;
  let held = 0;
  return {
    add(bytes: number): void {
      read += bytes;
      if (read > limits.perBody) throw oversize(limits.perBody);
      if (!limits.budget.take(bytes)) throw overBudget(limits.budget);
      held += bytes;
    },
    release(): void {
      limits.budget.release(held);
      held = 0;
    },
  };
}

/**
 * The whole body as text, failing once it passes its cap or the shared budget. The bytes are kept
 * as read and decoded once at the end: a body that fails has made no strings, and its buffers
 * count as external memory, which makes V8 collect them soon (strings of failed 64 MiB bodies
 * piled up past 600 MB before a collection).
 */
async function readCapped(body: ReadableStream<Uint8Array>, limits: BodyLimits): Promise<string> {
  const reader = body.getReader();
  const hold = holder(limits);
  const chunks: Uint8Array[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return new TextDecoder().decode(Buffer.concat(chunks));
      hold.add(value.byteLength);
      noteReceived(value.byteLength);
      chunks.push(value);
    }
  } finally {
    chunks.length = 0;
    hold.release();
    await reader.cancel().catch(() => {});
  }
}

/**
 * Feeds each SSE event's data to `deliver`; returns true when `deliver` asked to stop early. A
 * stream may rightly run long (a subscription): the cap bounds the bytes read in all, the budget
 * what is held since the last complete event.
 */
async function readEventStream(body: ReadableStream<Uint8Array>, deliver: (raw: string) => boolean, limits: BodyLimits): Promise<boolean> {
  let stop = false;
  let delivered = false;
  const parser = createParser({
    onEvent(event) {
      delivered = true;
      if (stop || !event.data) return;
      if (deliver(event.data)) stop = true;
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const hold = holder(limits);
  try {
    while (!stop) {
      const { value, done } = await reader.read();
      if (done) break;
      hold.add(value.byteLength);
      noteReceived(value.byteLength);
      parser.feed(decoder.decode(value, { stream: true }));
      if (delivered) hold.release();
      delivered = false;
    }
  } finally {
    hold.release();
    if (stop) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
  return stop;
}

function classifyFetchError(error: unknown, timedOut: boolean, timeoutMs: number, aborted: boolean): HttpFailure {
  if (timedOut) return new HttpFailure('timeout', `no answer within ${timeoutMs} ms`);
  if (aborted) return new HttpFailure('aborted', 'request aborted');
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? '';
  const detail = cause?.message ?? (error as Error).message;
  if (code === 'ECONNREFUSED') return new HttpFailure('refused', 'connection refused', detail);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new HttpFailure('dns', 'host not found', detail);
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return new HttpFailure('timeout', 'server stopped answering', detail);
  return new HttpFailure('network', cause?.message ? `network error: ${cause.message}` : (error as Error).message || 'network error', detail);
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}

function hasId(message: unknown): boolean {
  return typeof message === 'object' && message !== null && 'id' in message;
}

function tryParse(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return parseMessageText(text);
  } catch {
    return undefined;
  }
}

function jsonKind(body: string): 'message' | 'parse-error' {
  return tryParse(body) === undefined ? 'parse-error' : 'message';
}
