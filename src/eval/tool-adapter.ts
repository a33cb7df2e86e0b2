/**
 * MCP tools as a model provider accepts them. Names outside ^[a-zA-Z0-9_-]{1,64}$ (what OpenAI and
 * Anthropic both accept, see src/lint/profiles/portable.ts) are rewritten and mapped back; a tool
 * whose schema the provider would refuse is reported with the reason, never dropped silently.
 */
import { isPlainObject } from '../wire/json-pointer.js';
import type { ProviderKind } from './model-spec.js';

export interface McpTool {
  name: string;
  description?: string;
  inputSchema?: unknown;
  [key: string]: unknown;
}

export interface ProviderTool {
  /** The name the model sees. */
  name: string;
  tool: McpTool;
  description: string;
  parameters: Record<string, unknown>;
  /** Estimated tokens of the definition as sent (4 characters per token). */
  definitionTokens: number;
}

export interface AdaptedTools {
  tools: ProviderTool[];
  byProviderName: Map<string, ProviderTool>;
  notConverted: Array<{ tool: string; reason: string }>;
}

const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
// OpenAI answers 400 for these at the root of `parameters` ("schema must have type 'object' and
// not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level"); Anthropic takes them.
const OPENAI_ROOT_REFUSED = ['oneOf', 'anyOf', 'allOf', 'enum', 'not'];

export function adaptTools(mcpTools: readonly McpTool[], provider: ProviderKind): AdaptedTools {
  const tools: ProviderTool[] = [];
  const notConverted: AdaptedTools['notConverted'] = [];
  const taken = new Set<string>();
  for (const tool of mcpTools) {
    const reason = schemaRefusal(tool.inputSchema, provider);
    if (reason !== undefined) {
      notConverted.push({ tool: tool.name, reason });
      continue;
    }
    const name = uniqueName(providerName(tool.name), taken);
    const description = typeof tool.description === 'string' ? tool.description : '';
    const parameters = tool.inputSchema as Record<string, unknown>;
    const definitionTokens = Math.ceil(JSON.stringify({ name, description, parameters }).length / 4);
    tools.push({ name, tool, description, parameters, definitionTokens });
  }
  return { tools, byProviderName: new Map(tools.map((tool) => [tool.name, tool])), notConverted };
}

function schemaRefusal(schema: unknown, provider: ProviderKind): string | undefined {
  if (!isPlainObject(schema)) return 'its inputSchema is not a JSON object';
  if (schema.type !== 'object') return 'its inputSchema is not of type "object" (providers require an object schema)';
  if (provider !== 'anthropic') {
    const refused = OPENAI_ROOT_REFUSED.filter((keyword) => keyword in schema);
    if (refused.length > 0) return `its inputSchema has ${refused.join(', ')} at the root, which OpenAI-style APIs refuse`;
  }
  return undefined;
}

function providerName(name: string): string {
  if (PROVIDER_NAME.test(name)) return name;
  const replaced = name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
  return replaced === '' ? 'tool' : replaced;
}

/** Two tools whose rewritten names collide get suffixes, still within 64 characters. */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name.slice(0, 64 - String(n).length - 1)}_${n}`;
  taken.add(candidate);
  return candidate;
}
