/** What a fault puts on the wire instead of (or around) the real answer. */
import { isObject, type JsonObject } from '../protocol/jsonrpc.js';
import { META } from '../protocol/meta.js';

/** Looks like the start of a response, but is not JSON: the client's parser must cope. */
export function malformedText(request: JsonObject): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":{mcpvet fault: malformed}`;
}

/** A log line written to stdout, where only JSON-RPC belongs. */
export const NOISE_LINE = 'mcpvet fault: a log line on stdout, where only JSON-RPC messages belong';

export function injectedError(request: JsonObject, code: number): JsonObject {
  return { jsonrpc: '2.0', id: request.id, error: { code, message: `mcpvet fault: injected error ${code}` } };
}

/** A tool result that reports failure; a modern request gets a modern result (with resultType). */
export function injectedToolError(request: JsonObject): JsonObject {
  const params = isObject(request.params) ? request.params : {};
  const modern = isObject(params._meta) && META.protocolVersion in params._meta;
  const result: JsonObject = { content: [{ type: 'text', text: 'mcpvet fault: the tool failed (isError: true)' }], isError: true };
  return { jsonrpc: '2.0', id: request.id, result: modern ? { resultType: 'complete', ...result } : result };
}

/** The first half of a text. */
export function half(text: string): string {
  return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
}

export function describeInjection(kind: string, message: JsonObject): string {
  const params = isObject(message.params) ? message.params : {};
  const name = typeof params.name === 'string' ? ` ${params.name}` : typeof params.uri === 'string' ? ` ${params.uri}` : '';
  return `mcpvet fault: ${kind} on ${String(message.method)}${name}${message.id !== undefined ? ` (id ${JSON.stringify(message.id)})` : ''}`;
}
