/**
 * HTTP headers of the 2026-07-28 revision derived from the request body (DIGEST §3):
 * MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-*, with the `=?base64?…?=` form for unsafe values.
 */
import { isObject, type JsonObject } from './jsonrpc.js';

const BASE64_FORM = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** Visible ASCII, space and tab, with no leading or trailing whitespace, and not looking like the sentinel. */
export function isHeaderSafe(value: string): boolean {
  if (value !== value.trim()) return false;
  if (!/^[\x20-\x7E\t]*$/.test(value)) return false;
  return !BASE64_FORM.test(value);
}

export function encodeHeaderValue(value: string): string {
  return isHeaderSafe(value) ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** Decodes the base64 form; plain values are returned as they are. */
export function decodeHeaderValue(value: string): string {
  const match = BASE64_FORM.exec(value.trim());
  return match ? Buffer.from(match[1] ?? '', 'base64').toString('utf8') : value.trim();
}

/** How a tool argument becomes a header value: strings as-is, integers in decimal, booleans as true/false. */
export function headerValueOf(value: unknown): string | undefined {
  if (typeof value === 'string') return encodeHeaderValue(value);
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

/** The `Mcp-Name` source for the methods that carry one. */
export function nameOfRequest(method: string, params: JsonObject | undefined): string | undefined {
  if (!params) return undefined;
  if (method === 'tools/call' || method === 'prompts/get') return typeof params.name === 'string' ? params.name : undefined;
  if (method === 'resources/read') return typeof params.uri === 'string' ? params.uri : undefined;
  if (method === 'tasks/get' || method === 'tasks/update' || method === 'tasks/cancel') return typeof params.taskId === 'string' ? params.taskId : undefined;
  return undefined;
}

/**
 * `x-mcp-header` annotations of an inputSchema: header name -> property path. Only chains of
 * `properties` count (DIGEST §3); annotations anywhere else are invalid and ignored here.
 */
export function headerParams(inputSchema: unknown): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (schema: unknown, path: string[]): void => {
    if (!isObject(schema) || !isObject(schema.properties)) return;
    for (const [key, property] of Object.entries(schema.properties)) {
      if (!isObject(property)) continue;
      const annotation = property['x-mcp-header'];
      if (typeof annotation === 'string' && annotation.length > 0) found.set(annotation, [...path, key]);
      walk(property, [...path, key]);
    }
  };
  walk(inputSchema, []);
  return found;
}

export interface ModernHeaderInput {
  protocolVersion: string;
  method: string;
  params?: JsonObject;
  /** For tools/call: the tool's inputSchema, to mirror `x-mcp-header` arguments. */
  inputSchema?: unknown;
  isNotification?: boolean;
}

export function modernHeaders(input: ModernHeaderInput): Record<string, string> {
  const headers: Record<string, string> = { 'mcp-protocol-version': input.protocolVersion };
  if (input.isNotification) return headers;
  headers['mcp-method'] = input.method;
  const name = nameOfRequest(input.method, input.params);
  if (name !== undefined) headers['mcp-name'] = encodeHeaderValue(name);
  if (input.method === 'tools/call' && input.inputSchema !== undefined) {
    const args = isObject(input.params?.arguments) ? input.params.arguments : {};
    for (const [header, path] of headerParams(input.inputSchema)) {
      const value = headerValueOf(valueAt(args, path));
      if (value !== undefined) headers[`mcp-param-${header.toLowerCase()}`] = value;
    }
  }
  return headers;
}

function valueAt(root: unknown, path: string[]): unknown {
  let current = root;
  for (const key of path) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}
