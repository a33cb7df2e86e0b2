/**
 * Structural diff of two JSON Schemas (inputSchema or outputSchema of one tool).
 *
 * Each difference is first described by what it does to the set of accepted values
 * (narrows, widens, ...), then classified by direction: an input schema is what the client
 * sends, so narrowing it breaks callers; an output schema is what the client receives, so
 * widening it breaks readers (e.g. a new enum value the client never handled). Field
 * additions are compatible and field removals breaking in both directions.
 * This is a conservative approximation of schema subsumption, not a proof: keywords it
 * cannot compare are reported as breaking only when they clearly restrict.
 */
import type { ChangeKind } from './change.js';
import { canonicalJson, jsonEqual, showValue } from './canonical-json.js';
import type { JsonSchema } from './snapshot-types.js';

export type SchemaDirection = 'input' | 'output';

export interface SchemaChange {
  kind: ChangeKind;
  /** Keywords from the schema root, e.g. ['properties', 'limit', 'maximum']. */
  path: (string | number)[];
  message: string;
}

/** What a difference does to the set of values the schema accepts. */
type Effect =
  | 'narrows' // accepts fewer values
  | 'widens' // accepts more values
  | 'changes' // both at once, or cannot be compared
  | 'adds' // a new field
  | 'removes' // a field is gone
  | 'annotation' // text only; validation unchanged
  | 'other'; // unknown keyword or a default value: reported, not judged breaking

const KIND_BY_EFFECT: Record<SchemaDirection, Record<Effect, ChangeKind>> = {
  input: {
    narrows: 'breaking',
    widens: 'compatible',
    changes: 'breaking',
    adds: 'compatible',
    removes: 'breaking',
    annotation: 'cosmetic',
    other: 'compatible',
  },
  output: {
    narrows: 'compatible',
    widens: 'breaking',
    changes: 'breaking',
    adds: 'compatible',
    removes: 'breaking',
    annotation: 'cosmetic',
    other: 'compatible',
  },
};

type SchemaObject = { [keyword: string]: unknown };

interface Walk {
  direction: SchemaDirection;
  oldRoot: JsonSchema;
  newRoot: JsonSchema;
  /** Pairs of $ref being compared on the current path, so recursive schemas terminate. */
  refPairsOpen: Set<string>;
  out: SchemaChange[];
}

/** Where the walk is: keyword path from the root, and the field in user terms ('filter.tags[]'). */
interface Place {
  path: (string | number)[];
  field: string;
}

export function diffJsonSchemas(oldSchema: JsonSchema, newSchema: JsonSchema, direction: SchemaDirection): SchemaChange[] {
  const walk: Walk = { direction, oldRoot: oldSchema, newRoot: newSchema, refPairsOpen: new Set(), out: [] };
  compareNode(walk, oldSchema, newSchema, { path: [], field: '' });
  return walk.out;
}

function where(walk: Walk, place: Place): string {
  if (place.field === '') return `${walk.direction} schema`;
  return walk.direction === 'input' ? `argument '${place.field}'` : `output field '${place.field}'`;
}

function emit(walk: Walk, place: Place, effect: Effect, message: string, ...keywords: (string | number)[]): void {
  walk.out.push({ kind: KIND_BY_EFFECT[walk.direction][effect], path: [...place.path, ...keywords], message });
}

/** Emits '<where>: <text>', the usual shape of a keyword change message. */
function note(walk: Walk, place: Place, effect: Effect, text: string, ...keywords: (string | number)[]): void {
  emit(walk, place, effect, `${where(walk, place)}: ${text}`, ...keywords);
}

function child(place: Place, keywords: (string | number)[], field: string): Place {
  return { path: [...place.path, ...keywords], field };
}

function joinField(parent: string, name: string): string {
  return parent === '' ? name : `${parent}.${name}`;
}

function isObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------------------------------------
// Node comparison

function compareNode(walk: Walk, oldInput: unknown, newInput: unknown, place: Place): void {
  const oldRef = refOf(oldInput);
  const newRef = refOf(newInput);
  if (oldRef === undefined && newRef === undefined) return compareResolved(walk, oldInput, newInput, place);
  // A pair of references already being compared further up means the schema recurses: stop there.
  const pair = `${oldRef ?? ''}|${newRef ?? ''}`;
  if (walk.refPairsOpen.has(pair)) return;
  walk.refPairsOpen.add(pair);
  try {
    compareResolved(walk, oldInput, newInput, place);
  } finally {
    walk.refPairsOpen.delete(pair);
  }
}

function compareResolved(walk: Walk, oldInput: unknown, newInput: unknown, place: Place): void {
  const oldSchema = prepare(oldInput, walk.oldRoot);
  const newSchema = prepare(newInput, walk.newRoot);

  const oldText = canonicalJson(oldSchema);
  if (oldText === canonicalJson(newSchema) && !oldText.includes('"$ref"')) return;

  if (newSchema === false) return note(walk, place, 'narrows', 'no value is accepted any more (schema is false)');
  if (oldSchema === false) return note(walk, place, 'widens', 'now accepts values (schema was false)');
  if (newSchema === true && isObject(oldSchema)) {
    if (Object.keys(oldSchema).length > 0) note(walk, place, 'widens', 'all constraints removed (schema is true)');
    return;
  }
  const before: SchemaObject = isObject(oldSchema) ? oldSchema : {};
  const after: SchemaObject = isObject(newSchema) ? newSchema : {};

  compareReference(walk, before, after, place);
  compareType(walk, before, after, place);
  compareAllowedValues(walk, before, after, place);
  compareBounds(walk, before, after, place);
  compareFlags(walk, before, after, place);
  compareMultipleOf(walk, before, after, place);
  compareObjectShape(walk, before, after, place);
  compareOpenness(walk, before, after, place, 'additionalProperties');
  compareOpenness(walk, before, after, place, 'unevaluatedProperties');
  comparePatternProperties(walk, before, after, place);
  compareItems(walk, before, after, place);
  compareAlternatives(walk, before, after, place, 'anyOf');
  compareAlternatives(walk, before, after, place, 'oneOf');
  compareAllOf(walk, before, after, place);
  for (const keyword of OPAQUE_ASSERTIONS) compareOpaque(walk, before, after, place, keyword);
  compareConditional(walk, before, after, place);
  compareRemaining(walk, before, after, place);
}

function refOf(schema: unknown): string | undefined {
  return isObject(schema) && typeof schema.$ref === 'string' ? schema.$ref : undefined;
}

/**
 * Resolves local $ref ('#/$defs/x', '#/definitions/x') so that renaming a definition is not a
 * change, and folds `anyOf: [{type: a}, {type: b}]` into `type: [a, b]` (the usual nullable form)
 * so that both spellings compare equal.
 */
function prepare(schema: unknown, root: JsonSchema): unknown {
  let current = schema;
  for (let depth = 0; depth < 32 && isObject(current); depth++) {
    const ref = refOf(current);
    if (ref === undefined || !ref.startsWith('#')) break;
    const target = resolvePointer(root, ref.slice(1));
    if (target === undefined) break;
    const { $ref: _ref, ...siblings } = current;
    if (target === true || target === false) {
      current = Object.keys(siblings).length === 0 ? target : siblings;
      break;
    }
    if (!isObject(target)) break;
    current = { ...target, ...siblings };
  }
  return foldTypeAlternatives(current);
}

function resolvePointer(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let node: unknown = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
    if (node === undefined) return undefined;
  }
  return node;
}

function foldTypeAlternatives(schema: unknown): unknown {
  if (!isObject(schema) || schema.type !== undefined) return schema;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const types: string[] = [];
    for (const branch of branches) {
      if (!isObject(branch) || Object.keys(branch).some((k) => k !== 'type' && k !== 'description' && k !== 'title')) {
        return schema;
      }
      const branchTypes = typeList(branch.type);
      if (branchTypes === undefined) return schema;
      for (const item of branchTypes) types.push(item);
    }
    const { [keyword]: _folded, ...rest } = schema;
    return { ...rest, type: [...new Set(types)] };
  }
  return schema;
}

// ---------------------------------------------------------------------------------------------
// Keyword groups

function compareReference(walk: Walk, before: SchemaObject, after: SchemaObject, place: Place): void {
  // Only references that could not be resolved locally are still here; compare them as text.
  const oldRef = refOf(before);
  const newRef = refOf(after);
  if (oldRef === newRef) return;
  if (oldRef !== undefined && newRef !== undefined) note(walk, place, 'changes', `reference changed from ${oldRef} to ${newRef}`, '$ref');
  else if (newRef !== undefined) note(walk, place, 'changes', `now refers to ${newRef}`, '$ref');
  else note(walk, place, 'changes', `no longer refers to ${oldRef}`, '$ref');
}

function typeList(type: unknown): string[] | undefined {
  if (typeof type === 'string') return [type];
  if (Array.isArray(type) && type.every((t) => typeof t === 'string')) return type as string[];
  return undefined;
}

/** Does the type set `of` accept every value of type `t`? (integer is a kind of number.) */
function covers(of: readonly string[], t: string): boolean {
  return of.includes(t) || (t === 'integer' && of.includes('number'));
}

function compareType(walk: Walk, before: SchemaObject, after: SchemaObject, place: Place): void {
  const oldTypes = typeList(before.type);
  const newTypes = typeList(after.type);
  if (oldTypes === undefined && newTypes === undefined) return;
  if (oldTypes === undefined) return note(walk, place, 'narrows', `type restricted to ${newTypes!.join('|')}`, 'type');
  if (newTypes === undefined) return note(walk, place, 'widens', `type constraint removed (was ${oldTypes.join('|')})`, 'type');
  const newCoversOld = oldTypes.every((t) => covers(newTypes, t));
  const oldCoversNew = newTypes.every((t) => covers(oldTypes, t));
  if (newCoversOld && oldCoversNew) return;
  const change = `from ${oldTypes.join('|')} to ${newTypes.join('|')}`;
  if (newCoversOld) note(walk, place, 'widens', `type widened ${change}`, 'type');
  else if (oldCoversNew) note(walk, place, 'narrows', `type narrowed ${change}`, 'type');
  else note(walk, place, 'changes', `type changed ${change}`, 'type');
}

/** enum and const both list the allowed values; const is an enum of one. */
function allowedValues(schema: SchemaObject): { keyword: string; values: unknown[] } | undefined {
  if ('const' in schema) return { keyword: 'const', values: [schema.const] };
  if (Array.isArray(schema.enum)) return { keyword: 'enum', values: schema.enum };
  return undefined;
}

function compareAllowedValues(walk: Walk, before: SchemaObject, after: SchemaObject, place: Place): void {
  const oldAllowed = allowedValues(before);
  const newAllowed = allowedValues(after);
  if (oldAllowed === undefined && newAllowed === undefined) return;
  if (oldAllowed === undefined) {
    const list = newAllowed!.values.map(showValue).join(', ');
    return note(walk, place, 'narrows', `now limited to ${list}`, newAllowed!.keyword);
  }
  if (newAllowed === undefined) return note(walk, place, 'widens', 'no longer limited to fixed values', oldAllowed.keyword);
  const oldKeys = new Set(oldAllowed.values.map(canonicalJson));
  const newKeys = new Set(newAllowed.values.map(canonicalJson));
  for (const value of oldAllowed.values) {
    if (!newKeys.has(canonicalJson(value))) note(walk, place, 'narrows', `enum value ${showValue(value)} removed`, newAllowed.keyword);
  }
  for (const value of newAllowed.values) {
    if (!oldKeys.has(canonicalJson(value))) note(walk, place, 'widens', `enum value ${showValue(value)} added`, newAllowed.keyword);
  }
}

/** Numeric limits; 'lower' ones restrict more as they rise, 'upper' ones as they fall. */
const BOUNDS: Record<string, 'lower' | 'upper'> = {
  minimum: 'lower',
  exclusiveMinimum: 'lower',
  minLength: 'lower',
  minItems: 'lower',
  minProperties: 'lower',
  minContains: 'lower',
  maximum: 'upper',
  exclusiveMaximum: 'upper',
  maxLength: 'upper',
  maxItems: 'upper',
  maxProperties: 'upper',
  maxContains: 'upper',
};

function compareBounds(walk: Walk, before: SchemaObject, after: SchemaObject, place: Place): void {
  for (const [keyword, side] of Object.entries(BOUNDS)) {
    const oldValue = before[keyword];
    const newValue = after[keyword];
    if (jsonEqual(oldValue, newValue)) continue;
    // draft-04 spelled exclusiveMinimum/Maximum as booleans; true restricts.
    if (typeof oldValue === 'boolean' || typeof newValue === 'boolean') {
      compareFlag(walk, place, keyword, oldValue === true, newValue === true);
      continue;
    }
    if (oldValue === undefined) note(walk, place, 'narrows', `${keyword} added (${showValue(newValue)})`, keyword);
    else if (newValue === undefined) note(walk, place, 'widens', `${keyword} removed (was ${showValue(oldValue)})`, keyword);
    else if (typeof oldValue !== 'number' || typeof newValue !== 'number')
      note(walk, place, 'changes', `${keyword} changed from ${showValue(oldValue)} to ${showValue(newValue)}`, keyword);
    else {
      const raised = newValue > oldValue;
      const restricts = side === 'lower' ? raised : !raised;
      const verb = raised ? 'raised' : 'lowered';
      note(walk, place, restricts ? 'narrows' : 'widens', `${keyword} ${verb} from ${oldValue} to ${newValue}`, keyword);
    }
  }
}

function compareFlag(walk: Walk, place: Place, keyword: string, wasSet: boolean, isSet: boolean, setRestricts = true): void {
  if (wasSet === isSet) return;
  const restricts = isSet === setRestricts;
  note(walk, place, restricts ? 'narrows' : 'widens', `${keyword} ${isSet ? 'set' : 'unset'}`, keyword);
}

function compareFlags(walk: Walk, before: SchemaObject, after: SchemaObject, place: Place): void {
  compareFlag(walk, place, 'uniqueItems', before.uniqueItems === true, after.uniqueItems === true);
  // OpenAPI 3.0 style; `nullable: true` accepts more.
  compareFlag(walk, place, 'nullable', before.nullable === true, after.nullable === true, false);
}

function compareMultipleOf(walk: Walk, before: SchemaObject, after: SchemaObject, place: Place): void {
  const oldValue = before.multipleOf;
  const newValue = after.multipleOf;
  if (jsonEqual(oldValue, newValue)) return;
  if (oldValue === undefined) return note(walk, place, 'narrows', `multipleOf added (${showValue(newValue)})`, 'multipleOf');
  if (newValue === undefined) return note(walk, place, 'widens', `multipleOf removed (was ${showValue(oldValue)})`, 'multipleOf');
  const text = `multipleOf changed from ${showValue(oldValue)} to ${showValue(newValue)}`;
  if (typeof oldValue === 'number' && typeof newValue === 'number') {
    if (Number.isInteger(newValue / oldValue)) return note(walk, place, 'narrows', text, 'multipleOf');
    if (Number.isInteger(oldValue / newValue)) return note(walk, place, 'widens', text, 'multipleOf');
  }
  note(walk, place, 'changes', text, 'multipleOf');
}

function propertiesOf(schema: SchemaObject): Record<string, unknown> {
  return isObject(schema.properties) ? schema.properties : {};
}

function requiredOf(schema: SchemaObject): Set<string> {
  return new Set(Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : []);
}

function compareObjectShape(walk: Walk, before: SchemaObject, after: SchemaObject, place: Place): void {
  const oldProps = propertiesOf(before);
  const newProps = propertiesOf(after);
  const oldRequired = requiredOf(before);
  const newRequired = requiredOf(after);
  const input = walk.direction === 'input';

  for (const name of Object.keys(oldProps)) {
    const at = child(place, ['properties', name], joinField(place.field, name));
    if (name in newProps) compareNode(walk, oldProps[name], newProps[name], at);
    else emit(walk, at, 'removes', `${where(walk, at)} removed`);
  }
  for (const name of Object.keys(newProps)) {
    if (name in oldProps) continue;
    const at = child(place, ['properties', name], joinField(place.field, name));
    const field = joinField(place.field, name);
    if (!input) emit(walk, at, 'adds', `new output field '${field}'`);
    else if (newRequired.has(name) && !oldRequired.has(name)) emit(walk, at, 'narrows', `new required argument '${field}'`);
    else emit(walk, at, 'adds', `new optional argument '${field}'`);
  }

  const requiredPlace = (name: string): Place => child(place, ['required'], joinField(place.field, name));
  for (const name of newRequired) {
    if (oldRequired.has(name)) continue;
    if (name in newProps && !(name in oldProps)) continue; // reported above as a new field
    const at = requiredPlace(name);
    emit(walk, at, 'narrows', input ? `${where(walk, at)} is now required` : `${where(walk, at)} is now always present`);
  }
  for (const name of oldRequired) {
    if (newRequired.has(name)) continue;
    if (name in oldProps && !(name in newProps)) continue; // reported above as removed
    const at = requiredPlace(name);
    emit(walk, at, 'widens', input ? `${where(walk, at)} is now optional` : `${where(walk, at)} may now be absent`);
  }
}

/** additionalProperties / unevaluatedProperties: absent means true (anything else is allowed). */
function compareOpenness(walk: Walk, before: SchemaObject, after: SchemaObject, place: Place, keyword: 'additionalProperties' | 'unevaluatedProperties'): void {
  const oldValue = before[keyword] ?? true;
  const newValue = after[keyword] ?? true;
  if (jsonEqual(oldValue, newValue)) return;
  // Extra fields in an output are like new output fields: readers ignore what they do not know.
  const opens: Effect = walk.direction === 'output' ? 'adds' : 'widens';
  const what = walk.direction === 'input' && place.field === '' ? 'additional arguments' : 'additional properties';
  if (isObject(oldValue) && isObject(newValue)) {
    compareNode(walk, oldValue, newValue, child(place, [keyword], joinField(place.field, '*')));
  } else if (newValue === false) note(walk, place, 'narrows', `${what} no longer allowed (${keyword}: false)`, keyword);
  else if (oldValue === false) note(walk, place, opens, `${what} now allowed (${keyword} was false)`, keyword);
  else if (newValue === true) note(walk, place, opens, `${what} no longer constrained by ${keyword}`, keyword);
  else note(walk, place, 'narrows', `${what} now constrained by ${keyword}`, keyword);
}

function comparePatternProperties(walk: Walk, before: SchemaObject, after: SchemaObject, place: Place): void {
  const oldPatterns = isObject(before.patternProperties) ? before.patternProperties : {};
  const newPatterns = isObject(after.patternProperties) ? after.patternProperties : {};
  for (const pattern of new Set([...Object.keys(oldPatterns), ...Object.keys(newPatterns)])) {
    const at = child(place, ['patternProperties', pattern], joinField(place.field, `/${pattern}/`));
    if (pattern in oldPatterns && pattern in newPatterns) compareNode(walk, oldPatterns[pattern], newPatterns[pattern], at);
    // Whether a new pattern restricts depends on additionalProperties; report without judging.
    else note(walk, place, 'other', `patternProperties /${pattern}/ ${pattern in newPatterns ? 'added' : 'removed'}`, 'patternProperties', pattern);
  }
}

function compareItems(walk: Walk, before: SchemaObject, after: SchemaObject, place: Place): void {
  // draft-07 tuples (`items: [...]`) are 2020-12 prefixItems.
  const oldTuple = Array.isArray(before.items) ? before.items : Array.isArray(before.prefixItems) ? before.prefixItems : undefined;
  const newTuple = Array.isArray(after.items) ? after.items : Array.isArray(after.prefixItems) ? after.prefixItems : undefined;
  if (oldTuple !== undefined || newTuple !== undefined) {
    const keyword = Array.isArray(after.items) || Array.isArray(before.items) ? 'items' : 'prefixItems';
    const length = Math.max(oldTuple?.length ?? 0, newTuple?.length ?? 0);
    for (let i = 0; i < length; i++) {
      const at = child(place, [keyword, i], `${place.field}[${i}]`);
      const oldItem = oldTuple?.[i];
      const newItem = newTuple?.[i];
      if (oldItem !== undefined && newItem !== undefined) compareNode(walk, oldItem, newItem, at);
      else if (newItem !== undefined) note(walk, at, 'narrows', `position ${i} now constrained`);
      else note(walk, at, 'widens', `position ${i} no longer constrained`);
    }
  }
  const oldItems = Array.isArray(before.items) ? undefined : before.items;
  const newItems = Array.isArray(after.items) ? undefined : after.items;
  if (oldItems === undefined && newItems === undefined) return;
  compareNode(walk, oldItems ?? true, newItems ?? true, child(place, ['items'], `${place.field}[]`));
}

function branchesOf(schema: SchemaObject, keyword: string): unknown[] | undefined {
  return Array.isArray(schema[keyword]) ? (schema[keyword] as unknown[]) : undefined;
}

/**
 * Pairs the branches of two lists: equal ones first; if the rest are as many on both sides,
 * they are compared one to one (an edited alternative), else reported as added or removed.
 */
function pairBranches(
  walk: Walk,
  place: Place,
  keyword: string,
  oldBranches: unknown[],
  newBranches: unknown[],
  onRemoved: (branch: unknown) => void,
  onAdded: (branch: unknown, index: number) => void,
): void {
  const newLeft = newBranches.map((branch, index) => ({ branch, index }));
  const oldLeft: unknown[] = [];
  for (const branch of oldBranches) {
    const match = newLeft.findIndex((n) => jsonEqual(n.branch, branch));
    if (match >= 0) newLeft.splice(match, 1);
    else oldLeft.push(branch);
  }
  if (oldLeft.length === newLeft.length) {
    oldLeft.forEach((branch, i) => compareNode(walk, branch, newLeft[i].branch, child(place, [keyword, newLeft[i].index], place.field)));
    return;
  }
  oldLeft.forEach(onRemoved);
  newLeft.forEach((n) => onAdded(n.branch, n.index));
}

function compareAlternatives(walk: Walk, before: SchemaObject, after: SchemaObject, place: Place, keyword: 'anyOf' | 'oneOf'): void {
  const oldBranches = branchesOf(before, keyword);
  const newBranches = branchesOf(after, keyword);
  if (oldBranches === undefined && newBranches === undefined) return;
  if (oldBranches === undefined) return note(walk, place, 'narrows', `${keyword} added`, keyword);
  if (newBranches === undefined) return note(walk, place, 'widens', `${keyword} removed`, keyword);
  pairBranches(
    walk,
    place,
    keyword,
    oldBranches,
    newBranches,
    (branch) => note(walk, place, 'narrows', `${keyword} alternative removed: ${showValue(branch)}`, keyword),
    (branch, index) => note(walk, place, 'widens', `${keyword} alternative added: ${showValue(branch)}`, keyword, index),
  );
}

function compareAllOf(walk: Walk, before: SchemaObject, after: SchemaObject, place: Place): void {
  const oldBranches = branchesOf(before, 'allOf');
  const newBranches = branchesOf(after, 'allOf');
  if (oldBranches === undefined && newBranches === undefined) return;
  pairBranches(
    walk,
    place,
    'allOf',
    oldBranches ?? [],
    newBranches ?? [],
    (branch) => note(walk, place, 'widens', `allOf member removed: ${showValue(branch)}`, 'allOf'),
    (branch, index) => note(walk, place, 'narrows', `allOf member added: ${showValue(branch)}`, 'allOf', index),
  );
}

/** Assertions compared as a whole: adding one restricts, removing one loosens, editing one may do either. */
const OPAQUE_ASSERTIONS = [
  'pattern',
  'format',
  'not',
  'contains',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'additionalItems',
  'unevaluatedItems',
] as const;

function compareOpaque(walk: Walk, before: SchemaObject, after: SchemaObject, place: Place, keyword: string): void {
  const oldValue = before[keyword];
  const newValue = after[keyword];
  if (jsonEqual(oldValue, newValue)) return;
  if (oldValue === undefined) note(walk, place, 'narrows', `${keyword} added (${showValue(newValue)})`, keyword);
  else if (newValue === undefined) note(walk, place, 'widens', `${keyword} removed (was ${showValue(oldValue)})`, keyword);
  else note(walk, place, 'changes', `${keyword} changed from ${showValue(oldValue)} to ${showValue(newValue)}`, keyword);
}

function compareConditional(walk: Walk, before: SchemaObject, after: SchemaObject, place: Place): void {
  // biome-ignore lint/suspicious/noThenProperty: `then` is JSON Schema's own keyword here.
  const pick = (s: SchemaObject) => (s.if === undefined ? undefined : { if: s.if, then: s.then, else: s.else });
  const conditional = (s: SchemaObject) => ({ ...s, conditional: pick(s) });
  compareOpaque(walk, conditional(before), conditional(after), place, 'conditional');
}

/** Keywords that only describe; changing them changes no accepted value. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  '$comment',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentMediaType',
  'contentEncoding',
  'contentSchema',
  'markdownDescription',
]);

/** Keywords handled above, or reached through $ref rather than compared directly. */
const HANDLED = new Set([
  '$ref',
  '$defs',
  'definitions',
  '$id',
  '$anchor',
  '$dynamicAnchor',
  'type',
  'enum',
  'const',
  ...Object.keys(BOUNDS),
  'uniqueItems',
  'nullable',
  'multipleOf',
  'properties',
  'required',
  'additionalProperties',
  'unevaluatedProperties',
  'patternProperties',
  'items',
  'prefixItems',
  'anyOf',
  'oneOf',
  'allOf',
  ...OPAQUE_ASSERTIONS,
  'if',
  'then',
  'else',
]);

function compareRemaining(walk: Walk, before: SchemaObject, after: SchemaObject, place: Place): void {
  for (const keyword of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (HANDLED.has(keyword)) continue;
    const oldValue = before[keyword];
    const newValue = after[keyword];
    if (jsonEqual(oldValue, newValue)) continue;
    const verb = oldValue === undefined ? 'added' : newValue === undefined ? 'removed' : 'changed';
    if (ANNOTATIONS.has(keyword)) note(walk, place, 'annotation', `${keyword} ${verb}`, keyword);
    else if (keyword === 'default')
      note(walk, place, 'other', `default ${verb}: ${showValue(oldValue)} -> ${showValue(newValue)} (callers that omit it get a different value)`, keyword);
    else if (keyword === '$schema') note(walk, place, 'other', `dialect ${verb}: ${showValue(oldValue)} -> ${showValue(newValue)}`, keyword);
    else note(walk, place, 'other', `keyword ${keyword} ${verb} (not compared; check by hand)`, keyword);
  }
}
