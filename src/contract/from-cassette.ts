/**
 * A contract snapshot derived from a cassette: what the recorded traffic shows of the server's
 * surface (handshake, listings, error classes seen). Lets `diff` compare two recordings.
 */
import { exchangesOf } from '../relay/cassette-exchanges.js';
import type { Cassette } from '../relay/cassette-format.js';
import { isObject, type JsonObject } from '../protocol/jsonrpc.js';
import { META } from '../protocol/meta.js';
import { eraOfVersion } from '../protocol/versions.js';
import { hashDescription } from './description-hash.js';
import { CONTRACT_FORMAT, CONTRACT_FORMAT_VERSION, type ContractSnapshot, type ToolSnapshot } from './snapshot-types.js';

export function snapshotFromCassette(cassette: Cassette, source: string): ContractSnapshot {
  const listed = {
    tools: new Map<string, JsonObject>(),
    resources: new Map<string, JsonObject>(),
    resourceTemplates: new Map<string, JsonObject>(),
    prompts: new Map<string, JsonObject>(),
  };
  const snapshot: ContractSnapshot = {
    format: CONTRACT_FORMAT,
    formatVersion: CONTRACT_FORMAT_VERSION,
    takenAt: cassette.header.recordedAt,
    target: `cassette ${source}`,
    era: 'legacy',
    protocolVersion: '',
    capabilities: {},
    tools: [],
    resources: [],
    resourceTemplates: [],
    prompts: [],
    errorClasses: {},
  };
  const calls: { name: string; response: JsonObject }[] = [];

  for (const exchange of exchangesOf(cassette).requests) {
    const method = String(exchange.request?.method);
    const params = isObject(exchange.request?.params) ? exchange.request.params : {};
    const result = isObject(exchange.response?.result) ? exchange.response.result : undefined;
    if (method === 'tools/call' && exchange.response) calls.push({ name: String(params.name), response: exchange.response });
    if (!result) continue;
    if (method === 'server/discover') {
      snapshot.era = 'modern';
      snapshot.supportedVersions = Array.isArray(result.supportedVersions) ? (result.supportedVersions as string[]) : undefined;
      snapshot.capabilities = isObject(result.capabilities) ? result.capabilities : {};
      const meta = isObject(result._meta) ? result._meta : {};
      if (isObject(meta[META.serverInfo])) snapshot.serverInfo = meta[META.serverInfo] as ContractSnapshot['serverInfo'];
      const requested = isObject(params._meta) ? params._meta[META.protocolVersion] : undefined;
      snapshot.protocolVersion = typeof requested === 'string' ? requested : (snapshot.supportedVersions?.[0] ?? '');
    } else if (method === 'initialize') {
      snapshot.protocolVersion = String(result.protocolVersion ?? '');
      snapshot.era = eraOfVersion(snapshot.protocolVersion) ?? 'legacy';
      snapshot.capabilities = isObject(result.capabilities) ? result.capabilities : {};
      if (isObject(result.serverInfo)) snapshot.serverInfo = result.serverInfo as ContractSnapshot['serverInfo'];
    } else if (method === 'tools/list') collect(listed.tools, result.tools, 'name');
    else if (method === 'resources/list') collect(listed.resources, result.resources, 'uri');
    else if (method === 'resources/templates/list') collect(listed.resourceTemplates, result.resourceTemplates, 'uriTemplate');
    else if (method === 'prompts/list') collect(listed.prompts, result.prompts, 'name');
  }

  snapshot.tools = [...listed.tools.values()].map(toolOf);
  snapshot.resources = [...listed.resources.values()].map((r) => pick(r, ['uri', 'name', 'title', 'mimeType']) as never);
  snapshot.resourceTemplates = [...listed.resourceTemplates.values()].map((t) => pick(t, ['uriTemplate', 'name', 'title', 'mimeType']) as never);
  snapshot.prompts = [...listed.prompts.values()].map((p) => ({
    ...(pick(p, ['name', 'title']) as { name: string }),
    arguments: (Array.isArray(p.arguments) ? p.arguments : []).filter(isObject).map((a) => pick(a, ['name', 'required']) as { name: string }),
  }));
  // Only a call to a tool the listing did not have says how the server treats an unknown tool.
  const unknown = calls.find((call) => listed.tools.size > 0 && !listed.tools.has(call.name));
  if (unknown) {
    const error = isObject(unknown.response.error) ? unknown.response.error : undefined;
    snapshot.errorClasses.unknownTool = error
      ? { kind: 'protocol-error', code: Number(error.code) }
      : isObject(unknown.response.result) && unknown.response.result.isError === true
        ? { kind: 'tool-error' }
        : { kind: 'none' };
  }
  return snapshot;
}

function collect(into: Map<string, JsonObject>, items: unknown, key: string): void {
  if (!Array.isArray(items)) return;
  for (const item of items) if (isObject(item) && typeof item[key] === 'string') into.set(item[key] as string, item);
}

function toolOf(tool: JsonObject): ToolSnapshot {
  const snapshot: ToolSnapshot = { name: String(tool.name), inputSchema: isObject(tool.inputSchema) ? tool.inputSchema : {} };
  if (typeof tool.title === 'string') snapshot.title = tool.title;
  if (typeof tool.description === 'string') snapshot.descriptionHash = hashDescription(tool.description);
  if (tool.outputSchema !== undefined) snapshot.outputSchema = tool.outputSchema as ToolSnapshot['outputSchema'];
  if (isObject(tool.annotations)) snapshot.annotations = tool.annotations;
  return snapshot;
}

function pick(source: JsonObject, keys: string[]): JsonObject {
  const out: JsonObject = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}
