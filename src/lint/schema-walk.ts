// Visits every subschema of a JSON Schema (2020-12, 2019-09 and draft-07 keywords) once,
// with the JSON pointer of each and how it was reached. Property *names* are never
// mistaken for keywords: only values of subschema-bearing keywords are descended into.
import { isPlainObject, pointer } from '../wire/json-pointer.js';

export interface SchemaNode {
  /** The subschema: an object or a boolean schema. */
  node: Record<string, unknown> | boolean;
  /** Pointer of this subschema inside the tool definition. */
  pointer: string;
  /** Keyword that led here (`properties`, `items`, ...); null for the root. */
  keyword: string | null;
  /** Key under a map keyword (`properties`, `$defs`, ...), or the index under an array keyword. */
  key?: string;
  parent?: SchemaNode;
  /** True when every step from the root was `properties/<name>` (the x-mcp-header reachability rule). */
  viaPropertiesOnly: boolean;
  /** Object schemas on the path from the root, this one included. */
  objectDepth: number;
}

const SINGLE = [
  'additionalProperties',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'unevaluatedItems',
  'unevaluatedProperties',
  'additionalItems',
  'contentSchema',
] as const;
const ARRAYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'] as const;

/** Guards against pathological nesting; real tool schemas are far shallower. */
const MAX_DEPTH = 256;

export function isObjectSchema(node: Record<string, unknown>): boolean {
  const t = node.type;
  return t === 'object' || (Array.isArray(t) && t.includes('object')) || isPlainObject(node.properties);
}

export function walkSchema(root: unknown, basePointer: string, visit: (n: SchemaNode) => void): void {
  const seen = new Set<object>();
  const go = (node: unknown, ptr: string, keyword: string | null, key: string | undefined, parent: SchemaNode | undefined, level: number): void => {
    if (typeof node !== 'boolean' && !isPlainObject(node)) return;
    if (level > MAX_DEPTH) return;
    if (typeof node === 'object') {
      if (seen.has(node)) return; // programmatic input may share or cycle objects
      seen.add(node);
    }
    const viaPropertiesOnly = parent === undefined ? true : keyword === 'properties' && parent.viaPropertiesOnly;
    const parentDepth = parent?.objectDepth ?? 0;
    const objectDepth = typeof node === 'object' && isObjectSchema(node) ? parentDepth + 1 : parentDepth;
    const here: SchemaNode = { node, pointer: ptr, keyword, key, parent, viaPropertiesOnly, objectDepth };
    visit(here);
    if (typeof node === 'boolean') return;

    for (const kw of SINGLE) if (kw in node) go(node[kw], pointer(ptr, kw), kw, undefined, here, level + 1);
    if (Array.isArray(node.items)) {
      node.items.forEach((s, i) => go(s, pointer(ptr, 'items', i), 'items', String(i), here, level + 1));
    } else if ('items' in node) {
      go(node.items, pointer(ptr, 'items'), 'items', undefined, here, level + 1);
    }
    for (const kw of ARRAYS) {
      const list = node[kw];
      if (Array.isArray(list)) list.forEach((s, i) => go(s, pointer(ptr, kw, i), kw, String(i), here, level + 1));
    }
    for (const kw of MAPS) {
      const map = node[kw];
      if (!isPlainObject(map)) continue;
      for (const [k, s] of Object.entries(map)) go(s, pointer(ptr, kw, k), kw, k, here, level + 1);
    }
  };
  go(root, basePointer, null, undefined, undefined, 0);
}
