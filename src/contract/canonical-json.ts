import { JsonTooDeepError, MAX_JSON_DEPTH } from '../wire/json-depth.js';

/** JSON with object keys sorted, so that two equal values always print the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value, 0));
}

/** Throws JsonTooDeepError past MAX_JSON_DEPTH (values built in code escape the parse-time bound). */
function sortKeys(value: unknown, depth: number): unknown {
  if (depth > MAX_JSON_DEPTH) throw new JsonTooDeepError(MAX_JSON_DEPTH);
  if (Array.isArray(value)) return value.map((item) => sortKeys(item, depth + 1));
  if (typeof value === 'object' && value !== null) {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key], depth + 1);
    return sorted;
  }
  return value;
}

export function jsonEqual(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** A short human form of a JSON value for messages. */
export function showValue(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
