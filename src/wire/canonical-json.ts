import { JsonTooDeepError, MAX_JSON_DEPTH } from '../wire/json-depth.js';

// JSON text with object keys sorted, so equal JSON values give equal strings (enum duplicates,
// contract diffs, state comparisons).
// Throws JsonTooDeepError past MAX_JSON_DEPTH (values built in code escape the parse-time bound).
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_JSON_DEPTH) throw new JsonTooDeepError(MAX_JSON_DEPTH);
  if (Array.isArray(value)) return '[' + value.map((item) => canonicalJson(item, depth + 1)).join(',') + ']';
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((k) => JSON.stringify(k) + ':' + canonicalJson((value as Record<string, unknown>)[k], depth + 1));
    return '{' + entries.join(',') + '}';
  }
  // JSON Schema compares numbers mathematically: 1 and 1.0 are the same value (both print "1").
  return JSON.stringify(value) ?? 'undefined';
}
