/** The per-request `_meta` envelope of the 2026-07-28 revision (DIGEST §1). */
import type { JsonObject } from './jsonrpc.js';

export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

export interface Envelope {
  protocolVersion: string;
  clientCapabilities: JsonObject;
  clientInfo: { name: string; version: string };
}

/** Params with the envelope merged into `_meta` (keys the caller already set win). */
export function withModernMeta(params: JsonObject | undefined, envelope: Envelope): JsonObject {
  const given = (params?._meta as JsonObject | undefined) ?? {};
  return {
    ...params,
    _meta: {
      [META.protocolVersion]: envelope.protocolVersion,
      [META.clientCapabilities]: envelope.clientCapabilities,
      [META.clientInfo]: envelope.clientInfo,
      ...given,
    },
  };
}
