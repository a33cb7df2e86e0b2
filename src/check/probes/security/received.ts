/**
 * What the server sent the client during a run, message by message, with the request each answer
 * belongs to: results, errors, notifications and server requests, and the bodies of HTTP answers
 * that were not JSON-RPC or did not parse. stderr and stray stdout lines never reach an MCP
 * client's user, so they are left out. Also: whether a text is an echo of something mcpvet itself sent.
 */
import { isObject, isRequest, isResponse } from '../../../protocol/jsonrpc.js';
import type { Frame, Trace } from '../../../wire/trace.js';
import type { FindingLocation } from '../../types.js';

export interface ReceivedPart {
  trace: Trace;
  frame: Frame;
  /** The request answered (`tools/call`), or the notification's or server request's own method. */
  method: string;
  /** For tools/call answers: the tool called. */
  tool?: string;
  /** The JSON that reached the client (a result, an error, params), or the raw body of a non-JSON answer. */
  value: unknown;
  /** Pointer prefix of `value` inside the message (`/result`, `/error`, `/params`, '' for a raw body). */
  base: string;
}

interface Asked {
  method: string;
  tool?: string;
}

/** Every part of every server message in `traces`, in order. */
export function receivedParts(traces: readonly Trace[]): ReceivedPart[] {
  const out: ReceivedPart[] = [];
  for (const trace of traces) {
    const byId = new Map<string, Asked>();
    const byExchange = new Map<number, Asked>();
    for (const frame of trace.frames) {
      const message = frame.message;
      if (frame.direction === 'send') {
        if (isRequest(message)) {
          const params = isObject(message.params) ? message.params : {};
          const asked = { method: message.method, tool: message.method === 'tools/call' && typeof params.name === 'string' ? params.name : undefined };
          byId.set(JSON.stringify(message.id), asked);
          if (frame.http) byExchange.set(frame.http.exchange, asked);
        }
        continue;
      }
      if (frame.direction !== 'receive') continue;
      const asked = (frame.http ? byExchange.get(frame.http.exchange) : undefined) ?? (isObject(message) ? byId.get(JSON.stringify(message.id)) : undefined);
      // Bodies that are not JSON-RPC (an HTTP error page, a message that did not parse) reach the client too.
      if ((frame.kind === 'http' || frame.kind === 'parse-error') && frame.raw) {
        out.push({ trace, frame, method: asked?.method ?? `HTTP ${frame.http?.method ?? ''}`.trim(), tool: asked?.tool, value: frame.raw, base: '' });
        continue;
      }
      if (frame.kind !== 'message' || !isObject(message)) continue;
      if (isResponse(message)) {
        const [value, base] = 'error' in message ? [message.error, '/error'] : [message.result, '/result'];
        out.push({ trace, frame, method: asked?.method ?? 'response', tool: asked?.tool, value, base });
      } else if (typeof message.method === 'string') {
        out.push({ trace, frame, method: message.method, value: message.params, base: '/params' });
      }
    }
  }
  return out;
}

/** Where a part is, for a finding: the tool and pointer of a tools/call answer, else the method. */
export function partLocation(part: ReceivedPart, pointer: string): FindingLocation {
  return part.tool !== undefined ? { tool: part.tool, pointer } : { method: part.method };
}

/** `tools/call search_notes`, `notifications/message`: the part named in a message. */
export const partLabel = (part: ReceivedPart): string => (part.tool !== undefined ? `${part.method} ${part.tool}` : part.method);

/**
 * Whether `value` occurs in what mcpvet sent on any trace (bodies and header values): a server
 * repeating the caller's own input ("invalid argument: …") leaks nothing.
 */
export function sentByClient(traces: readonly Trace[]): (value: string) => boolean {
  let sent: string[] | undefined;
  return (value) => {
    sent ??= traces.flatMap((trace) =>
      trace.frames.filter((frame) => frame.direction === 'send').flatMap((frame) => [frame.raw, ...Object.values(frame.http?.headers ?? {})]),
    );
    return sent.some((text) => text.includes(value));
  };
}
