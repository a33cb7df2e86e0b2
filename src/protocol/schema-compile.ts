// Compiles schemas with ajv under their dialect: ajv/dist/2020 (default), ajv/dist/2019, or
// ajv (draft-07). Ajv instances are created on first use, and outcomes are cached by dialect
// and schema text, so a schema shared by many tools (or listed again) is compiled once.
// Nothing is ever fetched: remote $refs simply fail to resolve.
import Ajv2020Module from 'ajv/dist/2020.js';
import Ajv2019Module from 'ajv/dist/2019.js';
import AjvDraft07Module from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Dialect } from './schema-dialect.js';
import { addLinearFormats } from './linear-formats.js';
import { gatherUnenforced, re2RegExpEngine, type UnenforcedPattern } from './pattern-engine.js';

// ajv ships CommonJS; under NodeNext its default import is `module.exports`, whose `.default` is the class.
const Ajv2020 = Ajv2020Module.default;
const Ajv2019 = Ajv2019Module.default;
const AjvDraft07 = AjvDraft07Module.default;

type AjvInstance = InstanceType<typeof Ajv2020> | InstanceType<typeof Ajv2019> | InstanceType<typeof AjvDraft07>;

export interface CompileProblem {
  /** Pointer relative to the compiled schema ('' = its root). */
  pointer: string;
  message: string;
}

export interface CompileOutcome {
  /** Meta-schema violations, each at its own place in the schema. */
  schemaErrors: CompileProblem[];
  /** A compile failure that is not a meta-schema violation (bad regex, unresolvable $ref, ...). */
  compileError?: string;
  /** True when the compile failure was an unresolvable reference. */
  missingRef?: boolean;
  validate?: ValidateFunction;
  /** Valid patterns RE2 cannot run: `validate` does not enforce them (pattern-engine.ts). */
  unenforcedPatterns: UnenforcedPattern[];
}

// Two instances per dialect: one lists every meta-schema violation (allErrors), the other
// compiles validators without repeating that work (validateSchema:false, first error only).
const instances = new Map<string, AjvInstance>();

function ajvFor(dialect: Dialect, purpose: 'meta' | 'compile'): AjvInstance {
  const key = dialect + ':' + purpose;
  let ajv = instances.get(key);
  if (!ajv) {
    // strict:false: unknown keywords (x-mcp-header, ...) and unknown formats are legal JSON Schema;
    // mcpvet reports them itself. addUsedSchema:false: tools may reuse the same $id.
    // code.regExp: server patterns run on RE2 (linear time), never on the backtracking RegExp.
    const options = {
      strict: false,
      logger: false as const,
      addUsedSchema: false,
      allErrors: purpose === 'meta',
      validateSchema: purpose === 'meta',
      code: { regExp: re2RegExpEngine },
    };
    ajv = dialect === '2020-12' ? new Ajv2020(options) : dialect === '2019-09' ? new Ajv2019(options) : new AjvDraft07(options);
    addLinearFormats(ajv as InstanceType<typeof AjvDraft07>);
    instances.set(key, ajv);
  }
  return ajv;
}

const CACHE_LIMIT = 500;
const cache = new Map<string, CompileOutcome>();

export function compileSchema(schema: Record<string, unknown> | boolean, dialect: Dialect): CompileOutcome {
  let key: string;
  try {
    key = dialect + '\u0000' + JSON.stringify(schema);
  } catch {
    return { schemaErrors: [], compileError: 'the schema cannot be serialised as JSON', unenforcedPatterns: [] };
  }
  const hit = cache.get(key);
  if (hit) return hit;
  const outcome = compileUncached(schema, dialect);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, outcome);
  return outcome;
}

function compileUncached(schema: Record<string, unknown> | boolean, dialect: Dialect): CompileOutcome {
  const meta = ajvFor(dialect, 'meta');
  let metaValid: boolean;
  try {
    metaValid = meta.validateSchema(schema) as boolean;
  } catch (e) {
    return { schemaErrors: [], compileError: errorMessage(e), unenforcedPatterns: [] };
  }
  if (!metaValid) return { schemaErrors: metaSchemaProblems(meta.errors ?? []), unenforcedPatterns: [] };
  const ajv = ajvFor(dialect, 'compile');
  try {
    const { value: validate, unenforced } = gatherUnenforced(() => ajv.compile(schema));
    return { schemaErrors: [], validate, unenforcedPatterns: unenforced };
  } catch (e) {
    const missingRef = typeof e === 'object' && e !== null && 'missingRef' in e;
    return { schemaErrors: [], compileError: errorMessage(e), missingRef, unenforcedPatterns: [] };
  } finally {
    // ajv keeps compiled schemas keyed by object; drop them so memory stays bounded by our cache.
    if (typeof schema === 'object') ajv.removeSchema(schema);
  }
}

/** One problem per place: ajv reports the same mistake under several meta-schema branches. */
function metaSchemaProblems(errors: ErrorObject[]): CompileProblem[] {
  const byPointer = new Map<string, ErrorObject>();
  for (const e of errors) {
    const prior = byPointer.get(e.instancePath);
    // Prefer a concrete complaint over the "must match a schema in anyOf" summary.
    if (!prior || (isSummary(prior) && !isSummary(e))) byPointer.set(e.instancePath, e);
  }
  return [...byPointer.entries()].map(([ptr, e]) => ({ pointer: ptr, message: describe(e) }));
}

function isSummary(e: ErrorObject): boolean {
  return e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === '$ref';
}

function describe(e: ErrorObject): string {
  const where = e.instancePath === '' ? 'the schema' : `\`${e.instancePath.split('/').pop()}\``;
  const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
  const suffix = Array.isArray(allowed) ? ` (${allowed.join(', ')})` : '';
  return `${where} ${e.message ?? 'is invalid'}${suffix}`;
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
