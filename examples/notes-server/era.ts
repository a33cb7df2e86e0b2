/**
 * Era-specific pieces: the modern per-request envelope and result decoration (2026-07-28), and the
 * legacy handshake and version-gated result trimming (2024-11-05 .. 2025-11-25).
 */
import { Code, META, MODERN_VERSIONS, LEGACY_VERSIONS, LATEST_LEGACY_VERSION, RpcError, SERVER_INFO, isObject, type Json } from './protocol.js';
import type { EraMode, LegacySession } from './types.js';
import { checkLogLevel } from './logging.js';

export const INSTRUCTIONS = 'Keeps short notes. Use list_notes or search_notes to find a note and get_note to read it; delete_note asks the user to confirm.';

/** Versions this server answers in the given mode, newest first (listed in discover and in -32022). */
export function servedVersions(era: EraMode): string[] {
  if (era === 'modern') return [...MODERN_VERSIONS];
  if (era === 'legacy') return [...LEGACY_VERSIONS];
  return [...MODERN_VERSIONS, ...LEGACY_VERSIONS];
}

/** A modern request must name a modern version and its capabilities in params._meta (DIGEST §1). */
export function checkModernEnvelope(params: unknown, era: EraMode): RpcError | undefined {
  const meta = isObject(params) && isObject(params._meta) ? params._meta : {};
  const missing = [META.protocolVersion, META.clientCapabilities].filter((key) => !(key in meta));
  // `missingMetaKeys` also tells the HTTP transport that this -32602 must be a 400.
  if (missing.length) return new RpcError(Code.InvalidParams, `Missing required _meta keys: ${missing.join(', ')}`, { missingMetaKeys: missing });
  const version = meta[META.protocolVersion];
  if (typeof version !== 'string' || !(MODERN_VERSIONS as readonly string[]).includes(version)) {
    return new RpcError(Code.UnsupportedProtocolVersion, 'Unsupported protocol version', { supported: servedVersions(era), requested: String(version) });
  }
  if (!isObject(meta[META.clientCapabilities])) {
    return new RpcError(Code.InvalidParams, `${META.clientCapabilities} must be an object`);
  }
  return checkLogLevel(meta);
}

export function modernCapabilities(): Json {
  return { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: { listChanged: true }, completions: {}, logging: {} };
}

export function discoverResult(era: EraMode): Json {
  return { supportedVersions: servedVersions(era), capabilities: modernCapabilities(), instructions: INSTRUCTIONS, ttlMs: 300_000, cacheScope: 'public' };
}

/** Every modern result carries resultType and the server's identity (DIGEST §1). */
export function shapeModernResult(result: Json): Json {
  const meta = isObject(result._meta) ? result._meta : {};
  return { resultType: 'complete', ...result, _meta: { ...meta, [META.serverInfo]: SERVER_INFO } };
}

/** `initialize`: agree on the requested version when served, else offer the newest legacy one. */
export function initializeResult(params: Json, session: LegacySession): Json {
  const requested = params.protocolVersion;
  const version = (LEGACY_VERSIONS as readonly unknown[]).includes(requested) ? (requested as string) : LATEST_LEGACY_VERSION;
  session.protocolVersion = version;
  session.clientCapabilities = isObject(params.capabilities) ? params.capabilities : {};
  session.clientInfo = params.clientInfo;
  const capabilities: Json = modernCapabilities();
  if (version < '2025-03-26') delete capabilities.completions; // the completions capability arrived in 2025-03-26
  return { protocolVersion: version, capabilities, serverInfo: SERVER_INFO, instructions: INSTRUCTIONS };
}

const strip = (object: Json, keys: string[]): Json => Object.fromEntries(Object.entries(object).filter(([k]) => !keys.includes(k)));

/** Removes what the agreed legacy version does not know: modern fields, then newer-revision ones. */
export function shapeLegacyResult(method: string, result: Json, version: string): Json {
  let shaped = strip(result, ['resultType', 'ttlMs', 'cacheScope']);
  const unknownToolFields = [
    ...(version < '2025-11-25' ? ['execution'] : []),
    ...(version < '2025-06-18' ? ['title', 'outputSchema'] : []),
    ...(version < '2025-03-26' ? ['annotations'] : []),
  ];
  if (method === 'tools/list' && unknownToolFields.length) {
    shaped = { ...shaped, tools: (shaped.tools as Json[]).map((tool) => strip(tool, unknownToolFields)) };
  }
  if (method === 'tools/call' && version < '2025-06-18') shaped = strip(shaped, ['structuredContent']);
  if (version < '2025-06-18') {
    for (const key of ['resources', 'resourceTemplates', 'prompts']) {
      if (Array.isArray(shaped[key])) shaped = { ...shaped, [key]: (shaped[key] as Json[]).map((item) => strip(item, ['title'])) };
    }
  }
  return shaped;
}
