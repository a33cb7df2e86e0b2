/**
 * Simple values built from a JSON Schema: tool arguments (required properties only) and the
 * content of an elicitation form. The choices are fixed so runs are reproducible: booleans true,
 * strings 'mcpvet', the first enum value, numbers at their minimum or 1.
 */
import { isObject, type JsonObject } from '../../../protocol/jsonrpc.js';

export function sampleValue(schema: unknown): unknown {
  if (!isObject(schema)) return 'mcpvet';
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.oneOf) && isObject(schema.oneOf[0]) && schema.oneOf[0].const !== undefined) return schema.oneOf[0].const;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
    case 'array': {
      // Multi-select enums (elicitation) take their first option; other arrays start empty.
      const items = isObject(schema.items) ? schema.items : {};
      const options = Array.isArray(items.enum) ? items.enum : Array.isArray(items.anyOf) ? items.anyOf.map((o) => (isObject(o) ? o.const : undefined)) : [];
      return options.length > 0 && options[0] !== undefined ? [options[0]] : [];
    }
    case 'object':
      return sampleObject(schema);
    default:
      return sampleString(schema);
  }
}

/** An object with every required property (the smallest arguments a schema accepts, usually). */
export function sampleObject(schema: unknown): JsonObject {
  if (!isObject(schema) || !isObject(schema.properties)) return {};
  const required = Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : [];
  const out: JsonObject = {};
  for (const key of required) out[key] = sampleValue(schema.properties[key]);
  return out;
}

function sampleString(schema: JsonObject): string {
  switch (schema.format) {
    case 'email':
      return 'mcpvet@example.com';
    case 'uri':
      return 'https://example.com/mcpvet';
    case 'date':
      return '2026-01-01';
    case 'date-time':
      return '2026-01-01T00:00:00Z';
  }
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  return 'mcpvet'.padEnd(min, 'x');
}

/** Form content for an elicitation: every property of the requested schema, not only the required ones. */
export function sampleForm(requestedSchema: unknown): JsonObject {
  if (!isObject(requestedSchema) || !isObject(requestedSchema.properties)) return {};
  return Object.fromEntries(Object.entries(requestedSchema.properties).map(([key, property]) => [key, sampleValue(property)]));
}
