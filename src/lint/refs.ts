// Resolves every `$ref` / `$dynamicRef` / `$recursiveRef` of a schema without any I/O.
// A reference is local when it lands in the schema itself: the root, or a resource embedded
// with `$id`. Anything else is external: MCP implementations MUST NOT fetch network URIs
// automatically, and SHOULD reject a schema whose external $ref cannot be resolved (DIGEST §5).
import { resolvePointer } from '../wire/json-pointer.js';
import { walkSchema, type SchemaNode } from './schema-walk.js';

/** Base for schemas without `$id`: their retrieval URI is unknown, so any relative document ref is external. */
const NO_ID_BASE = 'mcpvet://schema/root';

export type RefProblem =
  | { kind: 'external'; pointer: string; keyword: string; ref: string }
  | { kind: 'unresolved'; pointer: string; keyword: string; ref: string; reason: string };

const REF_KEYWORDS = ['$ref', '$dynamicRef', '$recursiveRef'] as const;

export function findRefProblems(schema: unknown, basePointer: string): RefProblem[] {
  const resources = new Map<string, unknown>(); // document URI (no fragment) -> schema object
  const anchors = new Map<string, unknown>(); // document URI + '#' + anchor -> schema object
  const bases = new Map<SchemaNode['node'], string>();
  const nodes: SchemaNode[] = [];

  walkSchema(schema, basePointer, (n) => {
    nodes.push(n);
    const parentBase = n.parent ? (bases.get(n.parent.node) ?? NO_ID_BASE) : NO_ID_BASE;
    let base = parentBase;
    if (typeof n.node === 'object') {
      const id = n.node.$id;
      if (typeof id === 'string') {
        const resolved = safeResolve(id, parentBase);
        if (resolved !== undefined) {
          const [doc, fragment] = splitFragment(resolved);
          if (fragment && !fragment.startsWith('/')) {
            anchors.set(doc + '#' + fragment, n.node); // draft-07 style `$id: "#name"`
          } else {
            base = doc;
            resources.set(doc, n.node);
          }
        }
      }
      for (const kw of ['$anchor', '$dynamicAnchor'] as const) {
        const a = n.node[kw];
        if (typeof a === 'string') anchors.set(base + '#' + a, n.node);
      }
    }
    bases.set(n.node, base);
  });
  resources.set(NO_ID_BASE, schema);

  const problems: RefProblem[] = [];
  for (const n of nodes) {
    if (typeof n.node !== 'object') continue;
    for (const keyword of REF_KEYWORDS) {
      const ref = n.node[keyword];
      if (ref === undefined) continue;
      const at = n.pointer + '/' + keyword;
      if (typeof ref !== 'string') continue; // the meta-schema check reports a non-string $ref
      const resolved = safeResolve(ref, bases.get(n.node) ?? NO_ID_BASE);
      if (resolved === undefined) {
        problems.push({ kind: 'unresolved', pointer: at, keyword, ref, reason: 'it is not a valid URI reference' });
        continue;
      }
      const [doc, fragment] = splitFragment(resolved);
      const target = resources.get(doc);
      if (target === undefined) {
        problems.push({ kind: 'external', pointer: at, keyword, ref });
        continue;
      }
      if (fragment === '') continue;
      if (fragment.startsWith('/')) {
        if (resolvePointer(target, decodeFragment(fragment)) === undefined) {
          problems.push({ kind: 'unresolved', pointer: at, keyword, ref, reason: `nothing exists at ${decodeFragment(fragment)}` });
        }
      } else if (!anchors.has(doc + '#' + decodeFragment(fragment))) {
        problems.push({ kind: 'unresolved', pointer: at, keyword, ref, reason: `no $anchor named "${decodeFragment(fragment)}"` });
      }
    }
  }
  return problems;
}

function safeResolve(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href;
  } catch {
    return undefined;
  }
}

function splitFragment(uri: string): [string, string] {
  const i = uri.indexOf('#');
  return i < 0 ? [uri, ''] : [uri.slice(0, i), uri.slice(i + 1)];
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
