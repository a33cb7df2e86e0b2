/**
 * `mcpvet verify`: sends the requests of a cassette to a live server and compares each answer
 * with the recorded one, structurally. The handshake is the client's own; MRTR retries are
 * skipped, because a recorded requestState is single-use by design.
 */
import { exchangesOf } from '../relay/cassette-exchanges.js';
import type { Cassette } from '../relay/cassette-format.js';
import type { McpClient } from '../client/types.js';
import { isObject, type JsonObject } from '../protocol/jsonrpc.js';
import { META } from '../protocol/meta.js';
import { structuralDifferences, type StructuralOptions } from './structural-diff.js';

export interface VerifyItem {
  index: number;
  method: string;
  /** Tool name, URI or prompt name, when the method has one. */
  subject?: string;
  status: 'same' | 'different' | 'skipped';
  differences: string[];
  reason?: string;
}

const HANDSHAKE = new Set(['initialize', 'notifications/initialized']);
const ENVELOPE_KEYS: string[] = [META.protocolVersion, META.clientCapabilities, META.clientInfo];

export async function verifyCassette(cassette: Cassette, client: McpClient, options: StructuralOptions = {}): Promise<VerifyItem[]> {
  const items: VerifyItem[] = [];
  for (const exchange of exchangesOf(cassette).requests) {
    const request = exchange.request as JsonObject;
    const method = String(request.method);
    const params = isObject(request.params) ? request.params : undefined;
    const subject = params ? String(params.name ?? params.uri ?? '') || undefined : undefined;
    const item: VerifyItem = { index: exchange.index, method, subject, status: 'same', differences: [] };
    items.push(item);
    if (HANDSHAKE.has(method)) {
      Object.assign(item, { status: 'skipped', reason: 'the handshake is made by the client itself' });
      continue;
    }
    if (params && 'requestState' in params) {
      Object.assign(item, { status: 'skipped', reason: 'an MRTR retry: a recorded requestState is single-use' });
      continue;
    }
    if (!exchange.response) {
      Object.assign(item, { status: 'skipped', reason: 'no answer was recorded' });
      continue;
    }
    const outcome = await client.request(method, withoutEnvelope(params));
    const recorded = exchange.response;
    const live: JsonObject = outcome.error ? { error: outcome.error } : { result: outcome.result };
    const expected: JsonObject = isObject(recorded.error) ? { error: recorded.error } : { result: recorded.result };
    item.differences = structuralDifferences(expected, live, { ...options, ignore: ['error.message', ...(options.ignore ?? [])] });
    if (item.differences.length > 0) item.status = 'different';
  }
  return items;
}

/** The recorded `_meta` envelope described the recording client; the live client sends its own. */
function withoutEnvelope(params: JsonObject | undefined): JsonObject | undefined {
  if (!params || !isObject(params._meta)) return params;
  const meta = Object.fromEntries(Object.entries(params._meta).filter(([key]) => !ENVELOPE_KEYS.includes(key)));
  const { _meta: _dropped, ...rest } = params;
  return Object.keys(meta).length > 0 ? { ...rest, _meta: meta } : rest;
}
