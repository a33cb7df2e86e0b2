// Structural rules over every subschema of an input or output schema: regexes, `required`,
// boolean subschemas, `enum`, `format`, and keywords JSON Schema does not know.
import { isPlainObject, pointer } from '../../wire/json-pointer.js';
import { KNOWN_FORMATS, KNOWN_KEYWORDS } from '../../protocol/schema-dialect.js';
import { canonicalJson } from '../../wire/canonical-json.js';
import { walkSchema, type SchemaNode } from '../schema-walk.js';
import { compilePattern, testPattern } from '../../protocol/pattern-engine.js';
import type { Report, SchemaUnderLint } from '../context.js';

// Keywords where `false`/`true` is the idiomatic way to close or open a schema.
const BOOLEAN_OK = new Set(['additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems']);

/** Returns true when a regex problem was reported (the compile error would repeat it). */
export function checkSchemaStructure(s: SchemaUnderLint, report: Report): { badPattern: boolean } {
  let badPattern = false;
  walkSchema(s.schema, s.pointer, (n) => {
    if (typeof n.node === 'boolean') {
      checkBoolean(n, report);
      return;
    }
    const node = n.node;
    if (checkPatterns(node, n.pointer, report)) badPattern = true;
    checkRequired(node, n.pointer, report);
    checkEnum(node, n.pointer, report);
    if (typeof node.format === 'string' && !KNOWN_FORMATS.has(node.format)) {
      report('schema.format-unknown', pointer(n.pointer, 'format'), `\`format\` "${node.format}" is not defined by JSON Schema.`);
    }
    for (const key of Object.keys(node)) {
      if (KNOWN_KEYWORDS.has(key) || key.startsWith('x-')) continue;
      report('schema.unknown-keyword', pointer(n.pointer, key), unknownKeywordMessage(key));
    }
  });
  return { badPattern };
}

function checkBoolean(n: SchemaNode, report: Report): void {
  if (n.keyword === null || BOOLEAN_OK.has(n.keyword)) return;
  const parent = n.parent?.node;
  // `items: false` after `prefixItems` closes a tuple: idiomatic too.
  if (n.keyword === 'items' && n.key === undefined && typeof parent === 'object' && ('prefixItems' in parent || Array.isArray(parent.items))) return;
  report('schema.boolean-subschema', n.pointer, `\`${String(n.node)}\` is used as a schema under \`${n.keyword}\`.`);
}

function checkPatterns(node: Record<string, unknown>, at: string, report: Report): boolean {
  let bad = false;
  const test = (source: string, where: string): void => {
    const compiled = compilePattern(source);
    if (compiled.ok) return;
    if ('invalid' in compiled) {
      bad = true;
      report('schema.pattern-invalid', where, `${JSON.stringify(source)} is not a valid regular expression: ${compiled.invalid}.`);
    } else {
      report(
        'schema.pattern-unsupported',
        where,
        `${JSON.stringify(source)} cannot run on a linear-time engine: ${compiled.unsupported}; mcpvet does not enforce it.`,
      );
    }
  };
  if (typeof node.pattern === 'string') test(node.pattern, pointer(at, 'pattern'));
  if (isPlainObject(node.patternProperties)) {
    for (const key of Object.keys(node.patternProperties)) test(key, pointer(at, 'patternProperties', key));
  }
  return bad;
}

function checkRequired(node: Record<string, unknown>, at: string, report: Report): void {
  if (!Array.isArray(node.required) || '$ref' in node) return;
  const declared = new Set(isPlainObject(node.properties) ? Object.keys(node.properties) : []);
  const composed = namesFromComposition(node);
  const patterns = isPlainObject(node.patternProperties) ? Object.keys(node.patternProperties) : [];
  node.required.forEach((name, i) => {
    if (typeof name !== 'string' || declared.has(name)) return;
    if (patterns.some((p) => safeTest(p, name))) return;
    const where = pointer(at, 'required', i);
    if (node.additionalProperties === false) {
      report(
        'schema.required-unsatisfiable',
        where,
        `"${name}" is required but not declared, and \`additionalProperties\` is false: no arguments can be valid.`,
      );
    } else if (!composed.has(name)) {
      report('schema.required-unknown', where, `"${name}" is required but not declared in \`properties\`.`);
    }
  });
}

/** Property names declared by direct allOf/anyOf/oneOf/then/else branches (a common way to split schemas). */
function namesFromComposition(node: Record<string, unknown>): Set<string> {
  const names = new Set<string>();
  const branches: unknown[] = [];
  for (const kw of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(node[kw])) for (const branch of node[kw] as unknown[]) branches.push(branch);
  for (const kw of ['then', 'else', 'if']) if (kw in node) branches.push(node[kw]);
  for (const b of branches) {
    if (isPlainObject(b) && isPlainObject(b.properties)) for (const k of Object.keys(b.properties)) names.add(k);
  }
  return names;
}

function checkEnum(node: Record<string, unknown>, at: string, report: Report): void {
  if (!Array.isArray(node.enum)) return;
  if (node.enum.length === 0) {
    report('schema.enum-empty', pointer(at, 'enum'), '`enum` is empty: no value can match.');
    return;
  }
  const seen = new Set<string>();
  node.enum.forEach((value, i) => {
    const key = canonicalJson(value);
    if (seen.has(key)) report('schema.enum-duplicate', pointer(at, 'enum', i), `${key} appears more than once in \`enum\`.`);
    seen.add(key);
  });
}

function unknownKeywordMessage(key: string): string {
  if (key === 'nullable') return '`nullable` is OpenAPI, not JSON Schema: validators ignore it.';
  if (key === 'example') return '`example` is OpenAPI, not JSON Schema (use `examples`, an array).';
  if (key === 'optional') return '`optional` is not a JSON Schema keyword: leave the property out of `required` instead.';
  return `\`${key}\` is not a JSON Schema keyword; validators ignore it.`;
}

/** Server patterns only ever run on RE2 (linear time); one it cannot run matches nothing here. */
function safeTest(source: string, name: string): boolean {
  return testPattern(source, name) ?? false;
}
