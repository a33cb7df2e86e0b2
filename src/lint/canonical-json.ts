// JSON text with object keys sorted, so equal JSON values give equal strings (enum duplicates).
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return '[' + value.map(canonicalJson).join(',') + ']';
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value).sort().map((k) => JSON.stringify(k) + ':' + canonicalJson((value as Record<string, unknown>)[k]));
    return '{' + entries.join(',') + '}';
  }
  // JSON Schema compares numbers mathematically: 1 and 1.0 are the same value (both print "1").
  return JSON.stringify(value) ?? 'undefined';
}
