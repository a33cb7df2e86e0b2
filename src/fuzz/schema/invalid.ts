/**
 * Targeted invalid arguments: one mutation of a valid object, aimed at one keyword of the schema
 * (a wrong type, a missing required property, a number out of range, a string or list too short
 * or too long, a value outside an enum, an extra property where additionalProperties is false).
 * A mutation is plain data (kind, path, value), so a failure can be stored and described.
 */
import * as fc from 'fast-check';
import { isObject, type JsonObject } from '../../protocol/jsonrpc.js';
import { count, integerBounds, jsonTypeOf, numberBounds, objectShape, resolveRef, typeAdmits, typesOf } from './keywords.js';
import { smallestValue } from './valid.js';

export type MutationKind =
  | 'wrong-type'
  | 'missing-required'
  | 'below-minimum'
  | 'above-maximum'
  | 'too-short'
  | 'too-long'
  | 'not-in-enum'
  | 'too-few-items'
  | 'too-many-items'
  | 'extra-property';

export interface Mutation {
  kind: MutationKind;
  /** Property names from the arguments object down to the mutated value. */
  path: string[];
  /** The value put there (absent for missing-required, which removes it). */
  value?: unknown;
}

/** How deep into nested objects mutations reach. */
const MAX_DEPTH = 3;
/** Strings and lists one past a limit above this are not made (they would be megabytes). */
const MAX_MADE_LENGTH = 100_000;

/** One value of each JSON type: a wrong-typed value is one of these the schema does not admit. */
const ONE_OF_EACH_TYPE: readonly unknown[] = ['mcpvet', 7, 0.5, true, null, [], {}];

/** Every targeted mutation of an arguments object of this schema, as arbitraries (empty: nothing to aim at). */
export function mutationsOf(schema: unknown, root: unknown = schema): fc.Arbitrary<Mutation>[] {
  const found: fc.Arbitrary<Mutation>[] = [];
  walkObject(resolved(schema, root), root, [], 0, found);
  return found;
}

function resolved(schema: unknown, root: unknown, hops = 0): JsonObject | undefined {
  if (!isObject(schema)) return undefined;
  if ('$ref' in schema && hops < 8) {
    const target = resolveRef(schema.$ref, root);
    return isObject(target) ? resolved({ ...target, ...without(schema, '$ref') }, root, hops + 1) : undefined;
  }
  return schema;
}

function walkObject(schema: JsonObject | undefined, root: unknown, path: string[], depth: number, found: fc.Arbitrary<Mutation>[]): void {
  if (!schema || depth > MAX_DEPTH) return;
  const { properties, required } = objectShape(schema);
  for (const name of required) found.push(fc.constant({ kind: 'missing-required', path: [...path, name] }));
  if (schema.additionalProperties === false) {
    let extra = 'mcpvet_extra';
    for (let n = 1; Object.hasOwn(properties, extra); n++) extra = `mcpvet_extra_${n}`;
    found.push(fc.constantFrom('x', 1).map((value) => ({ kind: 'extra-property', path: [...path, extra], value })));
  }
  for (const [name, property] of Object.entries(properties)) {
    const target = resolved(property, root);
    if (!target) continue;
    walkValue(target, root, [...path, name], found);
    if (typesOf(target).includes('object')) walkObject(target, root, [...path, name], depth + 1, found);
  }
}

function walkValue(schema: JsonObject, root: unknown, path: string[], found: fc.Arbitrary<Mutation>[]): void {
  const at = (kind: MutationKind, value: unknown) => found.push(fc.constant({ kind, path, value }));
  const types = typesOf(schema);
  const wrong =
    types.length > 0 && !('enum' in schema) && !('const' in schema) ? ONE_OF_EACH_TYPE.filter((value) => !typeAdmits(types, jsonTypeOf(value))) : [];
  if (wrong.length > 0) found.push(fc.constantFrom(...wrong).map((value) => ({ kind: 'wrong-type', path, value })));
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((member) => typeof member === 'string')) {
    let outside = 'mcpvet-not-a-member';
    while (schema.enum.includes(outside)) outside += '-';
    at('not-in-enum', outside);
  }
  if (types.includes('integer') || types.includes('number')) numberMutations(schema, types.includes('integer') && !types.includes('number'), at);
  if (types.includes('string')) {
    const minLength = count(schema.minLength);
    const maxLength = count(schema.maxLength);
    if (minLength !== undefined && minLength > 0) at('too-short', 'a'.repeat(minLength - 1));
    if (maxLength !== undefined && maxLength < MAX_MADE_LENGTH) at('too-long', 'a'.repeat(maxLength + 1));
  }
  if (types.includes('array')) {
    const minItems = count(schema.minItems);
    const maxItems = count(schema.maxItems);
    const item = smallestValue(Array.isArray(schema.items) ? undefined : schema.items, root);
    if (minItems !== undefined && minItems > 0) at('too-few-items', new Array(minItems - 1).fill(item));
    if (maxItems !== undefined && maxItems < MAX_MADE_LENGTH) at('too-many-items', new Array(maxItems + 1).fill(item));
  }
}

function numberMutations(schema: JsonObject, integer: boolean, at: (kind: MutationKind, value: unknown) => void): void {
  const bounds = numberBounds(schema);
  if (integer) {
    const { min, max } = integerBounds(schema);
    if (bounds.min !== undefined && min > -Number.MAX_SAFE_INTEGER) at('below-minimum', min - 1);
    if (bounds.max !== undefined && max < Number.MAX_SAFE_INTEGER) at('above-maximum', max + 1);
    return;
  }
  if (bounds.min !== undefined) at('below-minimum', bounds.minExcluded ? bounds.min : bounds.min - 1);
  if (bounds.max !== undefined) at('above-maximum', bounds.maxExcluded ? bounds.max : bounds.max + 1);
}

/** The arguments with the mutation applied (a copy); parents missing on the way are created. */
export function applyMutation(args: JsonObject, mutation: Mutation): JsonObject {
  const copy = structuredClone(args);
  let node: JsonObject = copy;
  for (const name of mutation.path.slice(0, -1)) {
    if (!isObject(node[name])) node[name] = {};
    node = node[name] as JsonObject;
  }
  const last = mutation.path.at(-1) as string;
  if (mutation.kind === 'missing-required') delete node[last];
  else node[last] = mutation.value;
  return copy;
}

/** A JSON pointer (RFC 6901) to the mutated value. */
export function pointerOf(path: readonly string[]): string {
  return path.map((name) => '/' + name.replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

function without(schema: JsonObject, key: string): JsonObject {
  const { [key]: _dropped, ...rest } = schema;
  return rest;
}
