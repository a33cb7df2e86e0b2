// Compiles the schema under its dialect, then checks each `default` against its own subschema.
import { compileSchema } from '../../protocol/schema-compile.js';
import { pointer } from '../../wire/json-pointer.js';
import { walkSchema } from '../schema-walk.js';
import type { Dialect } from '../../protocol/schema-dialect.js';
import type { Report, SchemaUnderLint } from '../context.js';

/**
 * `alreadyExplained`: a bad regex or $ref was reported with its exact path; ajv's compile
 * failure would only repeat it without one, so it is not reported again.
 */
export function checkSchemaCompiles(s: SchemaUnderLint, report: Report, alreadyExplained: boolean): void {
  if (!s.dialect) return; // unknown dialect: already an error, nothing to compile with
  const outcome = compileSchema(s.schema, s.dialect);
  for (const problem of outcome.schemaErrors) {
    report('schema.invalid', s.pointer + problem.pointer, `Invalid under ${s.dialect}: ${problem.message}.`);
  }
  if (outcome.compileError && !alreadyExplained) {
    report('schema.invalid', s.pointer, `The schema does not compile under ${s.dialect}: ${outcome.compileError}.`);
  }
  if (outcome.validate) checkDefaults(s, s.dialect, report);
}

const REF_KEYWORDS = ['$ref', '$dynamicRef', '$recursiveRef'];

function checkDefaults(s: SchemaUnderLint, dialect: Dialect, report: Report): void {
  walkSchema(s.schema, s.pointer, (n) => {
    if (typeof n.node !== 'object' || !('default' in n.node)) return;
    // A subschema that refers elsewhere cannot be compiled on its own; skip rather than guess.
    if (containsRef(n.node)) return;
    const { default: value, ...rest } = n.node;
    const outcome = compileSchema(rest, dialect);
    if (!outcome.validate || outcome.validate(value)) return;
    const first = outcome.validate.errors?.[0];
    const detail = first ? `${first.instancePath || 'the value'} ${first.message ?? 'is invalid'}` : 'it is rejected';
    report('schema.default-invalid', pointer(n.pointer, 'default'), `\`default\` ${JSON.stringify(value)} does not validate against its schema: ${detail}.`);
  });
}

function containsRef(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(containsRef);
  if (typeof node !== 'object' || node === null) return false;
  return Object.entries(node).some(([k, v]) => REF_KEYWORDS.includes(k) || containsRef(v));
}
