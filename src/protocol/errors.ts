/** JSON-RPC and MCP error codes, in one place (DIGEST §0.2). */

export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** 2026-07-28: an HTTP header disagrees with the body, or is missing. */
  HeaderMismatch: -32020,
  /** 2026-07-28: the request did not declare a client capability the server needs. */
  MissingRequiredClientCapability: -32021,
  /** 2026-07-28: the requested protocol version is not supported. */
  UnsupportedProtocolVersion: -32022,
  /** Legacy (2025-11-25 and earlier) resource not found; retired in 2026-07-28. */
  LegacyResourceNotFound: -32002,
  /** 2025-11-25 only: URL elicitation required; retired. */
  LegacyUrlElicitationRequired: -32042,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;

const NAMES = new Map<number, ErrorCodeName>(Object.entries(ErrorCode).map(([name, code]) => [code, name as ErrorCodeName]));

export function errorCodeName(code: number): string {
  return NAMES.get(code) ?? (code >= -32099 && code <= -32000 ? 'ServerError' : 'Unknown');
}

/** Codes whose appearance in an answer to a modern request proves the server is of the modern era. */
export const MODERN_ERROR_CODES: readonly number[] = [
  ErrorCode.HeaderMismatch,
  ErrorCode.MissingRequiredClientCapability,
  ErrorCode.UnsupportedProtocolVersion,
];
