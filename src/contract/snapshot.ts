/**
 * Takes a contract snapshot from a live server: era and versions, capabilities, tools, resources,
 * templates, prompts, and how the server answers deliberately wrong requests (error classes).
 */
import { isSafeToCallUnasked } from '../protocol/tool-hints.js';
import type { McpClient, RpcOutcome } from '../client/types.js';
import { isObject, type JsonObject } from '../protocol/jsonrpc.js';
import { describeTarget } from '../wire/target.js';
import { hashDescription } from './description-hash.js';
import { CONTRACT_FORMAT, CONTRACT_FORMAT_VERSION, type ContractSnapshot, type ErrorClass, type ToolSnapshot } from './snapshot-types.js';

export interface SnapshotOptions {
  /** Keep descriptions in the file (they are always hashed). */
  withDescriptions?: boolean;
  /** Tools that may be called with invalid arguments to learn the error class (default: read-only tools only). */
  mayCall?: (tool: JsonObject) => boolean;
}

const NO_SUCH = 'mcpvet_contract_probe_does_not_exist';

export async function takeSnapshot(client: McpClient, options: SnapshotOptions = {}): Promise<ContractSnapshot> {
  const capabilities = client.serverCapabilities;
  const has = (name: string) => isObject(capabilities[name]);
  const tools = has('tools') ? await client.listAll('tools/list') : [];
  const resources = has('resources') ? await client.listAll('resources/list') : [];
  const templates = has('resources') ? await client.listAll('resources/templates/list').catch(() => []) : [];
  const prompts = has('prompts') ? await client.listAll('prompts/list') : [];

  const errorClasses: ContractSnapshot['errorClasses'] = {};
  if (has('tools')) {
    errorClasses.unknownTool = classify(await client.callTool(NO_SUCH, {}));
    const probe = tools.find((tool) => hasRequiredArgument(tool) && (options.mayCall ?? isSafeToCallUnasked)(tool));
    if (probe) errorClasses.invalidArguments = classify(await client.callTool(String(probe.name), {}));
  }
  if (has('resources')) errorClasses.unknownResource = classify(await client.readResource(`mcpvet-probe://${NO_SUCH}`));
  if (has('prompts')) errorClasses.unknownPrompt = classify(await client.getPrompt(NO_SUCH));

  const handshake = client.handshake ?? {};
  const info = client.serverInfo;
  return {
    format: CONTRACT_FORMAT,
    formatVersion: CONTRACT_FORMAT_VERSION,
    takenAt: new Date().toISOString(),
    target: `${client.target.transport}: ${describeTarget(client.target)}`,
    era: client.era,
    protocolVersion: client.protocolVersion,
    supportedVersions: Array.isArray(handshake.supportedVersions) ? (handshake.supportedVersions as string[]) : undefined,
    serverInfo: info ? pick(info, ['name', 'title', 'version']) : undefined,
    capabilities,
    tools: tools.map((tool) => toolSnapshot(tool, options.withDescriptions === true)),
    resources: resources.map((resource) => pick(resource, ['uri', 'name', 'title', 'mimeType']) as unknown as ContractSnapshot['resources'][number]),
    resourceTemplates: templates.map(
      (template) => pick(template, ['uriTemplate', 'name', 'title', 'mimeType']) as unknown as ContractSnapshot['resourceTemplates'][number],
    ),
    prompts: prompts.map((prompt) => ({
      ...(pick(prompt, ['name', 'title']) as { name: string; title?: string }),
      arguments: (Array.isArray(prompt.arguments) ? prompt.arguments : [])
        .filter(isObject)
        .map((argument) => pick(argument, ['name', 'required']) as { name: string; required?: boolean }),
    })),
    errorClasses,
  };
}

function toolSnapshot(tool: JsonObject, withDescription: boolean): ToolSnapshot {
  const snapshot: ToolSnapshot = { name: String(tool.name), inputSchema: isObject(tool.inputSchema) ? tool.inputSchema : {} };
  if (typeof tool.title === 'string') snapshot.title = tool.title;
  if (typeof tool.description === 'string') {
    snapshot.descriptionHash = hashDescription(tool.description);
    if (withDescription) snapshot.description = tool.description;
  }
  if (tool.outputSchema !== undefined) snapshot.outputSchema = tool.outputSchema as ToolSnapshot['outputSchema'];
  if (isObject(tool.annotations)) snapshot.annotations = tool.annotations;
  return snapshot;
}

function classify(outcome: RpcOutcome): ErrorClass {
  if (outcome.error) return { kind: 'protocol-error', code: outcome.error.code };
  if (outcome.result?.isError === true) return { kind: 'tool-error' };
  return { kind: 'none' };
}

function hasRequiredArgument(tool: JsonObject): boolean {
  return isObject(tool.inputSchema) && Array.isArray(tool.inputSchema.required) && tool.inputSchema.required.length > 0;
}

function pick(source: JsonObject, keys: string[]): JsonObject {
  const out: JsonObject = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}
