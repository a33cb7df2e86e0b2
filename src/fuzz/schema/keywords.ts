/**
 * Reading the JSON Schema subset tools use: types (declared or implied by keywords, `nullable`),
 * local `$ref`s to `$defs`/`definitions`, numeric and length bounds. Shared by the generators of
 * valid values, boundary values and invalid mutations, so the three agree on what a schema means.
 */
import { isObject, type JsonObject } from '../../protocol/jsonrpc.js';

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'array' | 'object';

const TYPES: readonly JsonType[] = ['string', 'integer', 'number', 'boolean', 'null', 'array', 'object'];

/** The types a schema admits: declared, or implied by the keywords present; [] when anything goes. */
export function typesOf(schema: JsonObject): JsonType[] {
  let types: JsonType[] = [];
  if (typeof schema.type === 'string') types = TYPES.includes(schema.type as JsonType) ? [schema.type as JsonType] : [];
  else if (Array.isArray(schema.type)) types = schema.type.filter((type): type is JsonType => TYPES.includes(type as JsonType));
  else if ('properties' in schema || 'required' in schema || 'additionalProperties' in schema) types = ['object'];
  else if ('items' in schema || 'prefixItems' in schema || 'minItems' in schema || 'maxItems' in schema) types = ['array'];
  else if ('minLength' in schema || 'maxLength' in schema || 'pattern' in schema || 'format' in schema) types = ['string'];
  else if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].some((key) => key in schema)) types = ['number'];
  // OpenAPI's `nullable: true`, which many tool schemas carry over.
  if (types.length > 0 && schema.nullable === true && !types.includes('null')) types = [...types, 'null'];
  return types;
}

/** A local reference (`#/$defs/X`, `#/definitions/X`, any `#/…` pointer) resolved in the root; undefined otherwise. */
export function resolveRef(ref: unknown, root: unknown): JsonObject | boolean | undefined {
  if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const token of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return isObject(node) || typeof node === 'boolean' ? node : undefined;
}

export interface NumberBounds {
  min?: number;
  max?: number;
  minExcluded: boolean;
  maxExcluded: boolean;
  multipleOf?: number;
}

/** Bounds of a number schema, in draft-07/2020-12 form (number exclusives) and draft-04 form (boolean exclusives). */
export function numberBounds(schema: JsonObject): NumberBounds {
  const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  const bounds: NumberBounds = { min: finite(schema.minimum), max: finite(schema.maximum), minExcluded: false, maxExcluded: false };
  if (typeof schema.exclusiveMinimum === 'number' && Number.isFinite(schema.exclusiveMinimum)) {
    if (bounds.min === undefined || schema.exclusiveMinimum >= bounds.min) Object.assign(bounds, { min: schema.exclusiveMinimum, minExcluded: true });
  } else if (schema.exclusiveMinimum === true && bounds.min !== undefined) bounds.minExcluded = true;
  if (typeof schema.exclusiveMaximum === 'number' && Number.isFinite(schema.exclusiveMaximum)) {
    if (bounds.max === undefined || schema.exclusiveMaximum <= bounds.max) Object.assign(bounds, { max: schema.exclusiveMaximum, maxExcluded: true });
  } else if (schema.exclusiveMaximum === true && bounds.max !== undefined) bounds.maxExcluded = true;
  const multipleOf = finite(schema.multipleOf);
  if (multipleOf !== undefined && multipleOf > 0) bounds.multipleOf = multipleOf;
  return bounds;
}

/** The whole-number bounds of an integer schema, within the safe integers. */
export function integerBounds(schema: JsonObject): { min: number; max: number } {
  const bounds = numberBounds(schema);
  let min = bounds.min === undefined ? -Number.MAX_SAFE_INTEGER : bounds.minExcluded ? Math.floor(bounds.min) + 1 : Math.ceil(bounds.min);
  let max = bounds.max === undefined ? Number.MAX_SAFE_INTEGER : bounds.maxExcluded ? Math.ceil(bounds.max) - 1 : Math.floor(bounds.max);
  min = Math.max(min, -Number.MAX_SAFE_INTEGER);
  max = Math.min(max, Number.MAX_SAFE_INTEGER);
  return { min, max };
}

/** A non-negative whole number keyword (minLength, maxItems, …), or undefined. */
export function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** The JSON type of a value, `integer` for whole numbers. */
export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/** True when a value of `type` is admitted by `types` (an integer is a number). */
export function typeAdmits(types: readonly JsonType[], type: JsonType): boolean {
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

/** The subschemas of an object schema: its properties and the names it requires. */
export function objectShape(schema: JsonObject): { properties: Record<string, unknown>; required: string[] } {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
  return { properties, required: [...new Set(required)] };
}
