/**
 * An HTTP upstream: whatever answers one HTTP exchange of a Streamable HTTP client. It is the real
 * server (forwarding-upstream.ts), a cassette, or either wrapped by the recorder or by faults. Bodies
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
export const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
  'content-length',
  'content-encoding',
  'host',
  'accept-encoding',
]);

/** A new object with the end-to-end headers only, names lower-cased. */
export function endToEndHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const lower = name.toLowerCase();
    if (!HOP_HEADERS.has(lower)) out[lower] = headers[name] as string;
  }
  return out;
}

export function isEventStream(headers: Record<string, string>): boolean {
  return (headers['content-type'] ?? '').startsWith('text/event-stream');
}

/** SSE events of a body, as they arrive. Keep-alive comments are not events and are not passed on. */
export async function* readEvents(body: AsyncIterable<Uint8Array | string>): AsyncGenerator<SseEvent> {
  const queue: SseEvent[] = [];
  const parser = createParser({ onEvent: (event) => queue.push({ data: event.data, event: event.event, id: event.id }) });
  const decoder = new TextDecoder();
  for await (const chunk of body) {
    parser.feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    while (queue.length > 0) yield queue.shift() as SseEvent;
  }
}
