/**
 * An HTTP upstream: whatever answers one HTTP exchange of a Streamable HTTP client. It is the real
 * server (forwarded with fetch), a cassette, or either wrapped by the recorder or by faults. Bodies
 * stay streams: an SSE answer is passed on event by event, as the server sends it.
 */
import { createParser } from 'eventsource-parser';

export interface HttpRequestIn {
  method: string;
  /** Path and query, as the client sent them. */
  path: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
  /** Aborted when the client goes away (which, on an SSE answer, is cancellation in MCP). */
  signal: AbortSignal;
}

export interface SseEvent {
  data: string;
  event?: string;
  id?: string;
  /** Fault: write only the first half of this event, then drop the connection. */
  cut?: boolean;
}

export type HttpBody =
  | { type: 'none' }
  | { type: 'text'; text: string }
  | { type: 'sse'; events: AsyncIterable<SseEvent> }
  /** Fault: write this text, then drop the connection without ending the response. */
  | { type: 'cut'; text: string }
  /** Fault: drop the connection before any answer. */
  | { type: 'hang-up' };

export interface HttpResponseOut {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: HttpBody;
}

export interface HttpUpstream {
  handle(request: HttpRequestIn): Promise<HttpResponseOut>;
  close(): Promise<void>;
}

/** Headers that describe one hop (RFC 9110 §7.6.1) or a body fetch has already decoded. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'content-length', 'content-encoding', 'host', 'accept-encoding']);

export function endToEndHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_HEADERS.has(name.toLowerCase())) out[name.toLowerCase()] = value;
  return out;
}

export function isEventStream(headers: Record<string, string>): boolean {
  return (headers['content-type'] ?? '').startsWith('text/event-stream');
}

/** Passes every exchange to a real server at `url` (any path the client used is kept). */
export class ForwardingUpstream implements HttpUpstream {
  constructor(
    private readonly url: string,
    /** Added to every forwarded request (the target's --header values, e.g. Authorization). */
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  async handle(request: HttpRequestIn): Promise<HttpResponseOut> {
    const destination = new URL(request.path, this.url);
    const headers = { ...endToEndHeaders(request.headers), ...lowerKeys(this.extraHeaders) };
    let response: Response;
    try {
      response = await fetch(destination, {
        method: request.method,
        headers,
        body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
        signal: request.signal,
        redirect: 'manual',
      });
    } catch (error) {
      if (request.signal.aborted) throw error;
      const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
      return { status: 502, headers: { 'content-type': 'text/plain' }, body: { type: 'text', text: `mcpvet: the server at ${destination.origin} cannot be reached: ${cause}` } };
    }
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => (responseHeaders[name] = value));
    const out = { status: response.status, headers: endToEndHeaders(responseHeaders) };
    if (isEventStream(responseHeaders) && response.body) return { ...out, body: { type: 'sse', events: readEvents(response.body) } };
    const text = await response.text();
    return { ...out, body: text === '' ? { type: 'none' } : { type: 'text', text } };
  }

  async close(): Promise<void> {}
}

/** SSE events of a body, as they arrive. Keep-alive comments are not events and are not passed on. */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const queue: SseEvent[] = [];
  const parser = createParser({ onEvent: (event) => queue.push({ data: event.data, event: event.event, id: event.id }) });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      while (queue.length > 0) yield queue.shift() as SseEvent;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
