/**
 * The JSON Schemas servers declare (inputSchema, outputSchema), compiled the one way every part
 * of mcpvet shares: no `$schema` means 2020-12 (DIGEST §5); 2019-09 and draft-07 are honoured
 * when declared; any other dialect is refused; remote `$ref`s are never fetched
 * (schema-compile.ts, schema-dialect.ts). This is the short form checks and commands use.
 */
import { compileSchema as compileWithDialect } from './schema-compile.js';
import { DEFAULT_DIALECT, detectDialect, type Dialect } from './schema-dialect.js';
import type { ValidateFunction } from 'ajv';
import type { UnenforcedPattern } from './pattern-engine.js';

export type CompiledSchema = { ok: true; validate: ValidateFunction; unenforced: UnenforcedPattern[] } | { ok: false; error: string };

export function dialectOf(schema: unknown): Dialect | 'unknown' {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return DEFAULT_DIALECT;
  const detected = detectDialect(schema as Record<string, unknown>);
  return 'unknown' in detected ? 'unknown' : detected.dialect;
}

export function compileSchema(schema: unknown): CompiledSchema {
  const dialect = dialectOf(schema);
  if (dialect === 'unknown') return { ok: false, error: `unsupported JSON Schema dialect ${JSON.stringify((schema as { $schema?: unknown }).$schema)}` };
  if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null || Array.isArray(schema)))
    return { ok: false, error: 'a schema must be an object or a boolean' };
  const outcome = compileWithDialect(schema as Record<string, unknown> | boolean, dialect);
  if (outcome.validate) return { ok: true, validate: outcome.validate, unenforced: outcome.unenforcedPatterns };
  const problems = outcome.schemaErrors.map((problem) => `${problem.pointer || '/'}: ${problem.message}`);
  return { ok: false, error: outcome.compileError ?? problems.join('; ') };
}

/** Problems of `value` against `schema`, as "path message" strings; empty when valid. */
export function schemaProblems(schema: unknown, value: unknown): string[] {
  const compiled = compileSchema(schema);
  if (!compiled.ok) return [`schema does not compile: ${compiled.error}`];
  if (compiled.validate(value)) return [];
  return (compiled.validate.errors ?? []).map(
    (error) =>
      `${error.instancePath || '/'} ${error.message ?? 'is invalid'}${error.params && 'allowedValues' in error.params ? ` (${(error.params.allowedValues as unknown[]).join(', ')})` : ''}`,
  );
}

/**
 * The patterns of `schema` that validation does not enforce (RE2 cannot run them; see
 * pattern-engine.ts), in words: a verdict that relied on the schema must say so.
 */
export function unenforcedPatterns(schema: unknown): string[] {
  const compiled = compileSchema(schema);
  if (!compiled.ok) return [];
  return compiled.unenforced.map((entry) => `pattern ${JSON.stringify(entry.pattern)} was not checked: ${entry.reason}`);
}
