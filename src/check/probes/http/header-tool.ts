/**
 * A tools/call whose tool mirrors arguments in Mcp-Param-* headers (`x-mcp-header`, DIGEST §3),
 * with a value for the first such argument so its header is due. Only tools the user allowed are
 * used: a server that breaks the rule would run the call.
 */
import { headerParams, headerValueOf } from '../../../protocol/headers.js';
import { isObject, type JsonObject } from '../../../protocol/jsonrpc.js';
import type { CheckContext, NotJudged } from '../../types.js';
import { sampleValue } from '../mrtr/sample-values.js';
import type { NamedRequest } from './probe.js';

export interface HeaderToolCall {
  request: NamedRequest;
  /** The annotation's value, e.g. 'Workspace' (header Mcp-Param-Workspace). */
  headerName: string;
  /** Lower-case header name as sent. */
  header: string;
  bodyValue: unknown;
  /** The header value a correct client sends. */
  headerValue: string;
}

export async function headerToolCall(ctx: CheckContext): Promise<HeaderToolCall | NotJudged> {
  const withHeaders = (await ctx.tools()).filter((tool) => headerParams(tool.inputSchema).size > 0);
  if (withHeaders.length === 0) return { skip: 'no tool declares an x-mcp-header argument' };
  const reasons: string[] = [];
  for (const tool of withHeaders) {
    const policy = ctx.callPolicy(tool);
    if (!policy.allowed) {
      reasons.push(policy.reason);
      continue;
    }
    const [headerName, path] = [...headerParams(tool.inputSchema)][0]!;
    const args = structuredClone(policy.args ?? sampleValue(tool.inputSchema)) as JsonObject;
    let bodyValue = valueAt(args, path);
    if (bodyValue === undefined || bodyValue === null) {
      bodyValue = sampleValue(schemaAt(tool.inputSchema, path));
      setAt(args, path, bodyValue);
    }
    const headerValue = headerValueOf(bodyValue);
    if (headerValue === undefined) continue;
    const name = String(tool.name);
    return {
      request: { method: 'tools/call', params: { name, arguments: args }, name, inputSchema: tool.inputSchema, label: `tools/call ${name}` },
      headerName,
      header: `mcp-param-${headerName.toLowerCase()}`,
      bodyValue,
      headerValue,
    };
  }
  return { skip: `tools with x-mcp-header arguments may not be called: ${reasons[0] ?? 'no usable argument value'}`, incomplete: 'no-callable-tool' };
}

function valueAt(root: unknown, path: string[]): unknown {
  let current = root;
  for (const key of path) current = isObject(current) ? current[key] : undefined;
  return current;
}

function schemaAt(schema: unknown, path: string[]): unknown {
  let current = schema;
  for (const key of path) current = isObject(current) && isObject(current.properties) ? current.properties[key] : undefined;
  return current;
}

function setAt(root: JsonObject, path: string[], value: unknown): void {
  let current = root;
  for (const key of path.slice(0, -1)) {
    if (!isObject(current[key])) current[key] = {};
    current = current[key] as JsonObject;
  }
  current[path[path.length - 1]!] = value;
}

/** A value of the same type that differs from the body's. */
export function differentValue(value: unknown): string {
  if (typeof value === 'boolean') return String(!value);
  if (typeof value === 'number') return String(value + 1);
  return `${String(value)}-mcpvet-other`;
}
