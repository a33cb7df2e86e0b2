/**
 * Tools/call probes for the Mcp-Param-* headers (`x-mcp-header`, DIGEST §3): every annotated
 * argument of the tools the call policy allows, with arguments to call them (the policy's, or
 * sampled from the schema), and the argument-path helpers the checks change them with. Only tools
 * the user allowed are used: a server that breaks the rule would run the call.
 */
import { headerParams, headerValueOf } from '../../../protocol/headers.js';
import { isObject, type JsonObject } from '../../../protocol/jsonrpc.js';
import type { CheckContext, NotJudged } from '../../types.js';
import { probeArguments } from '../../arguments/probe-arguments.js';
import { sampleValue } from '../mrtr/sample-values.js';
import type { NamedRequest } from './probe.js';

export interface HeaderArg {
  tool: string;
  inputSchema: unknown;
  /** The annotation's value, e.g. 'Workspace' (header Mcp-Param-Workspace). */
  headerName: string;
  path: string[];
  /** The property's own schema. */
  schema: JsonObject;
  /** Whether its parent object lists it in `required`. */
  required: boolean;
  args: JsonObject;
}

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

/** Every x-mcp-header argument of the callable tools, for checks that need one kind of argument or change its presence. */
export async function headerArgs(ctx: CheckContext): Promise<HeaderArg[] | NotJudged> {
  const withHeaders = (await ctx.tools()).filter((tool) => headerParams(tool.inputSchema).size > 0);
  if (withHeaders.length === 0) return { skip: 'no tool declares an x-mcp-header argument' };
  const found: HeaderArg[] = [];
  const reasons: string[] = [];
  for (const tool of withHeaders) {
    const policy = ctx.callPolicy(tool);
    if (!policy.allowed) {
      reasons.push(policy.reason);
      continue;
    }
    for (const [headerName, path] of headerParams(tool.inputSchema)) {
      const args = structuredClone(await probeArguments(ctx, tool)) as JsonObject;
      const parent = schemaAt(tool.inputSchema, path.slice(0, -1));
      const required = Array.isArray(parent.required) && parent.required.includes(path[path.length - 1]);
      found.push({ tool: String(tool.name), inputSchema: tool.inputSchema, headerName, path, schema: schemaAt(tool.inputSchema, path), required, args });
    }
  }
  if (found.length === 0) return { skip: `tools with x-mcp-header arguments may not be called: ${reasons[0]}`, incomplete: 'no-callable-tool' };
  return found;
}

/** A call of the first callable tool with a value for its first x-mcp-header argument, so the header is due. */
export async function headerToolCall(ctx: CheckContext): Promise<HeaderToolCall | NotJudged> {
  const found = await headerArgs(ctx);
  if (!Array.isArray(found)) return found;
  const tried = new Set<string>();
  for (const arg of found) {
    // The first annotated argument of each tool, as a client fills in the call.
    if (tried.has(arg.tool)) continue;
    tried.add(arg.tool);
    let bodyValue = valueAt(arg.args, arg.path);
    if (bodyValue === undefined || bodyValue === null) bodyValue = sampleValue(arg.schema);
    const headerValue = headerValueOf(bodyValue);
    if (headerValue === undefined) continue;
    const args = setArg(arg.args, arg.path, bodyValue);
    return {
      request: {
        method: 'tools/call',
        params: { name: arg.tool, arguments: args },
        name: arg.tool,
        inputSchema: arg.inputSchema,
        label: `tools/call ${arg.tool}`,
      },
      headerName: arg.headerName,
      header: headerKey(arg.headerName),
      bodyValue,
      headerValue,
    };
  }
  return { skip: 'tools with x-mcp-header arguments may not be called: no usable argument value', incomplete: 'no-callable-tool' };
}

export const typeOf = (schema: JsonObject): unknown => (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type);

export const headerKey = (headerName: string): string => `mcp-param-${headerName.toLowerCase()}`;

export function valueAt(root: unknown, path: string[]): unknown {
  let current = root;
  for (const key of path) current = isObject(current) ? current[key] : undefined;
  return current;
}

function schemaAt(schema: unknown, path: string[]): JsonObject {
  let current = schema;
  for (const key of path) current = isObject(current) && isObject(current.properties) ? current.properties[key] : undefined;
  return isObject(current) ? current : {};
}

/** A copy of `args` with the argument at `path` set (or, with undefined, deleted). */
export function setArg(args: JsonObject, path: string[], value: unknown): JsonObject {
  const copy = structuredClone(args);
  let current = copy;
  for (const key of path.slice(0, -1)) {
    if (!isObject(current[key])) current[key] = {};
    current = current[key] as JsonObject;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete current[last];
  else current[last] = value;
  return copy;
}

/** A value of the same type that differs from the body's. */
export function differentValue(value: unknown): string {
  if (typeof value === 'boolean') return String(!value);
  if (typeof value === 'number') return String(value + 1);
  return `${String(value)}-mcpvet-other`;
}
