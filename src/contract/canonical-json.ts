import { canonicalJson } from '../wire/canonical-json.js';

export { canonicalJson };

export function jsonEqual(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** A short human form of a JSON value for messages. */
export function showValue(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
