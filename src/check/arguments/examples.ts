/**
 * Values a schema offers for one property: `const`, `examples`, `default`, `enum`, and the
 * example its description gives ("Note id, e.g. n1", "for example `main`", "such as 'json'").
 */
import { isObject } from '../../protocol/jsonrpc.js';

export interface ExampleValue {
  value: unknown;
  /** Where it came from, e.g. 'the schema's examples[0]'. */
  from: string;
}

/** "e.g. n1", "e.g., `n1`", "for example 'main'", "such as \"json\"": the token after the phrase. */
const DESCRIBED = /\b(?:e\.g\.,?|eg\.|for example,?|such as|example:)\s*[`'"]?([^\s`'",;)]+)/gi;

export function schemaExamples(property: unknown): ExampleValue[] {
  if (!isObject(property)) return [];
  const found: ExampleValue[] = [];
  if ('const' in property) found.push({ value: property.const, from: 'the schema’s const' });
  if (Array.isArray(property.examples)) property.examples.slice(0, 3).forEach((value, i) => found.push({ value, from: `the schema’s examples[${i}]` }));
  if ('default' in property) found.push({ value: property.default, from: 'the schema’s default' });
  if (Array.isArray(property.enum)) property.enum.slice(0, 3).forEach((value, i) => found.push({ value, from: `the schema’s enum[${i}]` }));
  if (typeof property.description === 'string') {
    for (const match of property.description.matchAll(DESCRIBED)) {
      const token = match[1]?.replace(/[.:]$/, '');
      if (!token) continue;
      found.push({ value: typed(token, property.type), from: `the description (“${match[0].trim()}”)` });
      if (found.length > 6) break;
    }
  }
  return found;
}

/** A described example as the type the schema wants ("10" for an integer is 10). */
function typed(token: string, type: unknown): unknown {
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(token)) return Number(token);
  if (type === 'boolean' && (token === 'true' || token === 'false')) return token === 'true';
  return token;
}
