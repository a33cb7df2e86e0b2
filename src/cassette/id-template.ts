/**
 * A recorded response re-addressed to a new request id without serializing it again: replay answers
 * every request with a recording, and JSON.stringify of a whole result was most of that cost. The
 * text is exactly what JSON.stringify({ ...message, id }) gives.
 */
import { randomUUID } from 'node:crypto';
import type { JsonObject, RequestId } from '../protocol/jsonrpc.js';

/** Stands where the id goes; random, so no recorded text can contain it by chance. */
const PLACEHOLDER = JSON.stringify(`mcpvet-id-${randomUUID()}`);

/** The text before and after the id, per recorded message (kept as long as the recording is). */
const templates = new WeakMap<JsonObject, [string, string] | null>();

export function withId(message: JsonObject, id: RequestId): string {
  if (typeof id !== 'string' && typeof id !== 'number') return JSON.stringify({ ...message, id });
  let template = templates.get(message);
  if (template === undefined) {
    const parts = JSON.stringify({ ...message, id: JSON.parse(PLACEHOLDER) as string }).split(PLACEHOLDER);
    template = parts.length === 2 ? [parts[0] as string, parts[1] as string] : null;
    templates.set(message, template);
  }
  if (template === null) return JSON.stringify({ ...message, id });
  return template[0] + JSON.stringify(id) + template[1];
}
