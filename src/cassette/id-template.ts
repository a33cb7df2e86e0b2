/**
 * A recorded response re-addressed to a new request id without serializing it again: replay answers
 * every request with a recording, and JSON.stringify of a whole result was most of that cost. The
 * text is exactly what JSON.stringify({ ...message, id }) gives.
 */
import { randomUUID } from 'node:crypto';
import type { JsonObject, RequestId } from '../protocol/jsonrpc.js';

/** Stands where the id goes; random, so no recorded text can contain it by chance. */
const PLACEHOLDER = JSON.stringify(`mcpvet-id-${randomUUID()}`);

/**
 * Per replay engine: the text before and after the id of each recording answered more than once
 * (null: no template). A recording answered once is only counted: making a template for it would
 * cost more than the one serialization it saves.
 */
export type IdTemplates = Map<JsonObject, [string, string] | null | 'once'>;

export function withId(message: JsonObject, id: RequestId, templates: IdTemplates): string {
  if (typeof id !== 'string' && typeof id !== 'number') return JSON.stringify({ ...message, id });
  let template = templates.get(message);
  if (template === undefined) {
    templates.set(message, 'once');
    return JSON.stringify({ ...message, id });
  }
  if (template === 'once') {
    const parts = JSON.stringify({ ...message, id: JSON.parse(PLACEHOLDER) as string }).split(PLACEHOLDER);
    template = parts.length === 2 ? [parts[0] as string, parts[1] as string] : null;
    templates.set(message, template);
  }
  if (template === null) return JSON.stringify({ ...message, id });
  return template[0] + JSON.stringify(id) + template[1];
}
