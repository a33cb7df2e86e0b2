/**
 * A fast-check arbitrary of values a JSON Schema admits, written over the subset tool schemas
 * use: type (and `nullable`), properties/required, items/prefixItems, enum, const, numeric bounds
 * (exclusive ones of both drafts, multipleOf), minLength/maxLength, pattern (generated from when
 * fast-check can read it), common formats, anyOf/oneOf/allOf, and local $refs to a bounded depth.
 * Scalars are sometimes drawn from their boundary values. Unknown keywords fall back to any JSON
 * value. The output is a guess: the caller classifies each value with the compiled schema.
 */
import * as fc from 'fast-check';
import { isObject, type JsonObject } from '../../protocol/jsonrpc.js';
import { integerBoundaries, numberBoundaries, stringBoundaries } from './boundaries.js';
import { count, integerBounds, numberBounds, objectShape, resolveRef, typesOf, type JsonType } from './keywords.js';

/** How deep $refs (and nesting) are followed before the smallest value is used instead. */
const MAX_DEPTH = 6;
/** Arbitraries built per schema at most: a schema with many refs cannot make generation explode. */
const MAX_NODES = 2000;
/** Lists longer than this are not made up when the schema sets no maxItems. */
const LONG_ARRAY = 12;

interface Build {
  root: unknown;
  nodes: number;
}

/** Any JSON value (what an unknown or absent schema admits). */
export const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

export function validValue(schema: unknown, root: unknown = schema): fc.Arbitrary<unknown> {
  return build(schema, { root, nodes: 0 }, 0);
}

function build(schema: unknown, state: Build, depth: number): fc.Arbitrary<unknown> {
  if (!isObject(schema)) return anyJson;
  if (++state.nodes > MAX_NODES || depth > MAX_DEPTH) return fc.constant(smallestValue(schema, state.root));
  if ('$ref' in schema) {
    const target = resolveRef(schema.$ref, state.root);
    const { $ref: _ref, ...siblings } = schema;
    return target === undefined || typeof target === 'boolean' ? anyJson : build({ ...target, ...siblings }, state, depth + 1);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const branches = (Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : []).filter(isObject);
  if (branches.length > 0) {
    const { anyOf: _any, oneOf: _one, ...rest } = schema;
    return fc.oneof(...branches.map((branch) => build({ ...rest, ...branch }, state, depth + 1)));
  }
  if (Array.isArray(schema.allOf) && schema.allOf.every(isObject)) {
    const { allOf, ...rest } = schema;
    return build(mergeAll([rest, ...(allOf as JsonObject[])]), state, depth + 1);
  }
  const types = typesOf(schema);
  if (types.length === 0) return anyJson;
  return fc.oneof(...types.map((type) => byType(type, schema, state, depth)));
}

function byType(type: JsonType, schema: JsonObject, state: Build, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      // A pattern or a format says more than lengths do: the generic boundary strings would mostly break it.
      return withBoundaries(stringValue(schema), 'pattern' in schema || 'format' in schema ? [] : stringBoundaries(schema));
    case 'integer':
      return withBoundaries(integerValue(schema), integerBoundaries(schema));
    case 'number':
      return withBoundaries(fc.oneof(integerValue(schema), numberValue(schema)), numberBoundaries(schema));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayValue(schema, state, depth);
    case 'object':
      return objectValue(schema, state, depth);
  }
}

/** Mostly ordinary values, one in four a boundary value. */
function withBoundaries<T>(ordinary: fc.Arbitrary<T>, boundaries: T[]): fc.Arbitrary<T> {
  if (boundaries.length === 0) return ordinary;
  return fc.oneof({ arbitrary: ordinary, weight: 3 }, { arbitrary: fc.constantFrom(...boundaries), weight: 1 });
}

const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  'date-time': () => fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true }).map((date) => date.toISOString()),
  date: () => fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  email: () => fc.emailAddress(),
  uri: () => fc.webUrl(),
  url: () => fc.webUrl(),
  uuid: () => fc.uuid(),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
  hostname: () => fc.domain(),
};

function stringValue(schema: JsonObject): fc.Arbitrary<string> {
  const minLength = count(schema.minLength) ?? 0;
  const maxLength = count(schema.maxLength);
  if (typeof schema.format === 'string' && Object.hasOwn(FORMATS, schema.format)) return FORMATS[schema.format]!();
  if (typeof schema.pattern === 'string') {
    const matching = fromPattern(schema.pattern);
    if (matching) return matching;
  }
  const constraints = { minLength, maxLength: maxLength !== undefined && maxLength >= minLength ? maxLength : undefined };
  return fc.oneof(fc.string({ ...constraints, unit: 'binary-ascii' }), fc.string({ ...constraints, unit: 'binary' }));
}

/**
 * Strings a pattern matches, when fast-check can read the pattern (no lookaround, no
 * backreference): it parses the pattern, it never runs it, so a pathological one costs nothing.
 */
function fromPattern(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(new RegExp(pattern, 'u'));
  } catch {
    return undefined;
  }
}

function integerValue(schema: JsonObject): fc.Arbitrary<number> {
  const { min, max } = integerBounds(schema);
  const { multipleOf } = numberBounds(schema);
  if (min > max) return fc.constant(min);
  if (multipleOf !== undefined) {
    const low = Math.ceil(min / multipleOf);
    const high = Math.floor(max / multipleOf);
    if (low > high || !Number.isSafeInteger(low) || !Number.isSafeInteger(high)) return fc.constant(min);
    return fc.integer({ min: low, max: high }).map((k) => k * multipleOf);
  }
  // Without bounds, 32-bit values (the boundary values reach the safe-integer edges).
  const low = Math.max(min, -(2 ** 31));
  const high = Math.min(max, 2 ** 31 - 1);
  return low <= high ? fc.integer({ min: low, max: high }) : fc.integer({ min, max });
}

function numberValue(schema: JsonObject): fc.Arbitrary<number> {
  const bounds = numberBounds(schema);
  if (bounds.min !== undefined && bounds.max !== undefined && bounds.min > bounds.max) return fc.constant(bounds.min);
  return fc.double({
    min: bounds.min,
    max: bounds.max,
    minExcluded: bounds.minExcluded,
    maxExcluded: bounds.maxExcluded,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function arrayValue(schema: JsonObject, state: Build, depth: number): fc.Arbitrary<unknown[]> {
  const minItems = count(schema.minItems) ?? 0;
  const maxItems = count(schema.maxItems);
  const prefix = (Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : []).map((item) =>
    build(item, state, depth + 1),
  );
  const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
  const item = rest === false ? undefined : build(rest ?? {}, state, depth + 1);
  const restMin = Math.max(0, minItems - prefix.length);
  const restMax = maxItems !== undefined ? Math.max(restMin, maxItems - prefix.length) : restMin + LONG_ARRAY;
  const tail = item
    ? schema.uniqueItems === true
      ? fc.uniqueArray(item, { minLength: restMin, maxLength: restMax, selector: (value) => JSON.stringify(value) })
      : fc.array(item, { minLength: restMin, maxLength: restMax })
    : fc.constant([] as unknown[]);
  if (prefix.length === 0) return tail;
  return fc.tuple(fc.tuple(...prefix), tail).map(([head, more]) => [...head, ...more]);
}

function objectValue(schema: JsonObject, state: Build, depth: number): fc.Arbitrary<JsonObject> {
  const { properties, required } = objectShape(schema);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) model[name] = build(property, state, depth + 1);
  for (const name of required) model[name] ??= anyJson;
  if (Object.keys(model).length === 0) return fc.constant({});
  return fc.record(model, { requiredKeys: required }) as fc.Arbitrary<JsonObject>;
}

/** allOf of object schemas as one: properties and required lists merged, other keywords of later branches win. */
function mergeAll(schemas: JsonObject[]): JsonObject {
  const merged: JsonObject = {};
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const schema of schemas) {
    Object.assign(merged, schema);
    const shape = objectShape(schema);
    Object.assign(properties, shape.properties);
    required.push(...shape.required);
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.length > 0) merged.required = [...new Set(required)];
  return merged;
}

/** The simplest value of a schema, without recursion: where the depth bound stops generation. */
export function smallestValue(schema: unknown, root: unknown, depth = 0): unknown {
  if (!isObject(schema) || depth > MAX_DEPTH) return null;
  if ('$ref' in schema) return smallestValue(resolveRef(schema.$ref, root), root, depth + 1);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const branch = [schema.anyOf, schema.oneOf].find(Array.isArray)?.[0];
  if (branch !== undefined) return smallestValue(branch, root, depth + 1);
  const [type] = typesOf(schema);
  switch (type) {
    case 'string':
      return 'a'.repeat(count(schema.minLength) ?? 0);
    case 'integer':
    case 'number': {
      const { min, max } = integerBounds(schema);
      return min <= 0 && max >= 0 ? 0 : min > 0 ? min : max;
    }
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object': {
      const { properties, required } = objectShape(schema);
      return Object.fromEntries(required.map((name) => [name, smallestValue(properties[name], root, depth + 1)]));
    }
    default:
      return null;
  }
}
