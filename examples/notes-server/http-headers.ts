/**
 * The 2026-07-28 mirrored headers (SEP-2243): MCP-Protocol-Version, Mcp-Method, Mcp-Name and
 * Mcp-Param-*. They let intermediaries route without parsing the body, so the server refuses any
 * request whose headers disagree with its body (400, -32020).
 */
import { Code, META, RpcError, isObject, type Json } from './protocol.js';

type Headers = Record<string, string | undefined>;

const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;
const HEADER_SAFE = /^[\x20-\x7E\t]*$/;

/** The header's value with the `=?base64?...?=` form decoded; surrounding whitespace is trimmed (the SEP's test vectors accept it). */
export function decodeHeaderValue(raw: string): string {
  const value = raw.trim();
  if (!HEADER_SAFE.test(value)) throw new RpcError(Code.HeaderMismatch, 'Header value has invalid characters');
  const match = SENTINEL.exec(value);
  return match ? Buffer.from(match[1], 'base64').toString('utf8') : value;
}

const mismatch = (message: string): RpcError => new RpcError(Code.HeaderMismatch, `Header mismatch: ${message}`);

function expectHeader(headers: Headers, name: string, bodyValue: string): void {
  const raw = headers[name.toLowerCase()];
  if (raw === undefined) throw mismatch(`${name} header is missing (body has '${bodyValue}')`);
  const value = decodeHeaderValue(raw);
  if (value !== bodyValue) throw mismatch(`${name} header value '${value}' does not match body value '${bodyValue}'`);
}

/** How a tool argument is written in a header: strings as-is, integers in decimal, booleans as true/false. */
function paramMatches(headerValue: string, bodyValue: unknown): boolean {
  if (typeof bodyValue === 'string') return headerValue === bodyValue;
  if (typeof bodyValue === 'number') return headerValue.trim() !== '' && Number(headerValue) === bodyValue; // 42.0 equals 42
  if (typeof bodyValue === 'boolean') return headerValue === String(bodyValue);
  return false;
}

/** Throws -32020 when a header is missing or disagrees with the body. `tool` is the called tool's definition, if any. */
export function checkModernHeaders(message: Json, headers: Headers, tool?: Json): void {
  const params = isObject(message.params) ? message.params : {};
  const meta = isObject(params._meta) ? params._meta : {};
  expectHeader(headers, 'MCP-Protocol-Version', String(meta[META.protocolVersion]));
  const method = message.method as string;
  expectHeader(headers, 'Mcp-Method', method);
  if (method === 'tools/call' || method === 'prompts/get') expectHeader(headers, 'Mcp-Name', String(params.name));
  if (method === 'resources/read') expectHeader(headers, 'Mcp-Name', String(params.uri));
  if (method === 'tasks/get' || method === 'tasks/update' || method === 'tasks/cancel') expectHeader(headers, 'Mcp-Name', String(params.taskId));
  if (method !== 'tools/call' || !tool) return;

  const properties = isObject(tool.inputSchema) && isObject(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  const args = isObject(params.arguments) ? params.arguments : {};
  for (const [property, schema] of Object.entries(properties)) {
    const headerName = isObject(schema) ? schema['x-mcp-header'] : undefined;
    const value = args[property];
    // An absent or null argument has no header, and none is expected.
    if (typeof headerName !== 'string' || value === undefined || value === null) continue;
    const raw = headers[`mcp-param-${headerName.toLowerCase()}`];
    if (raw === undefined) throw mismatch(`Mcp-Param-${headerName} header is missing`);
    if (!paramMatches(decodeHeaderValue(raw), value)) throw mismatch(`Mcp-Param-${headerName} header does not match argument '${property}'`);
  }
}
