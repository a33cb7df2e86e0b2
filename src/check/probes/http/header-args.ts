/**
 * Every x-mcp-header argument of the tools the call policy allows, with arguments to call them
 * (the policy's or sampled from the schema). For the checks that need one kind of argument (an
 * integer, a string) or change one argument's presence; header-tool.ts serves the others.
 */
import { headerParams } from '../../../protocol/headers.js';
import { isObject, type JsonObject } from '../../../protocol/jsonrpc.js';
import type { CheckContext, NotJudged } from '../../types.js';
import { sampleObject } from '../mrtr/sample-values.js';

export interface HeaderArg {
  tool: string;
  inputSchema: unknown;
  /** The annotation's value, e.g. 'Workspace'. */
  headerName: string;
  path: string[];
  /** The property's own schema. */
  schema: JsonObject;
  args: JsonObject;
}

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
      const args = structuredClone(policy.args ?? sampleObject(tool.inputSchema)) as JsonObject;
      found.push({ tool: String(tool.name), inputSchema: tool.inputSchema, headerName, path, schema: schemaAt(tool.inputSchema, path), args });
    }
  }
  if (found.length === 0) return { skip: `tools with x-mcp-header arguments may not be called: ${reasons[0]}`, incomplete: 'no-callable-tool' };
  return found;
}

export const typeOf = (schema: JsonObject): unknown => (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type);

function schemaAt(schema: unknown, path: string[]): JsonObject {
  let current = schema;
  for (const key of path) current = isObject(current) && isObject(current.properties) ? current.properties[key] : undefined;
  return isObject(current) ? current : {};
}

/** Sets (or, with undefined, deletes) the argument at `path`. */
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

export const headerKey = (headerName: string): string => `mcp-param-${headerName.toLowerCase()}`;
