/** Protocol constants and JSON-RPC helpers of the notes server (its own copy: an example server owes nothing to mcpvet). */

export const SERVER_INFO = { name: 'notes-server', version: '1.0.0' } as const;

export const MODERN_VERSIONS = ['2026-07-28'] as const;
export const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
export const LATEST_LEGACY_VERSION = LEGACY_VERSIONS[0];

export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

export const Code = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
  LegacyResourceNotFound: -32002,
} as const;

export type Id = string | number;
export type Json = Record<string, unknown>;

/** Thrown by handlers; the core turns it into a JSON-RPC error response. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export function errorResponse(id: Id | null | undefined, code: number, message: string, data?: unknown): Json {
  const error: Json = { code, message };
  if (data !== undefined) error.data = data;
  // An error with no known id (403 on a bad Origin) leaves `id` out, as the spec allows.
  return id === undefined ? { jsonrpc: '2.0', error } : { jsonrpc: '2.0', id, error };
}

export function resultResponse(id: Id, result: Json): Json {
  return { jsonrpc: '2.0', id, result };
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isId(value: unknown): value is Id {
  return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));
}

export type MessageKind = 'request' | 'notification' | 'response' | 'invalid';

/** Classifies a parsed JSON value as a JSON-RPC message (no batches: removed in 2025-06-18). */
export function kindOf(message: unknown): MessageKind {
  if (!isObject(message) || message.jsonrpc !== '2.0') return 'invalid';
  if (typeof message.method === 'string') {
    if (!('id' in message)) return 'notification';
    return isId(message.id) ? 'request' : 'invalid';
  }
  if (isId(message.id) && ('result' in message || 'error' in message)) return 'response';
  return 'invalid';
}

/** Canonical JSON (sorted keys) so equal values always digest the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
