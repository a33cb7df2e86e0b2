/**
 * Compiling and applying the JSON Schemas that servers declare (inputSchema, outputSchema).
 * No `$schema` means 2020-12 (DIGEST §5); draft-07 is honoured when declared; remote `$ref`s
 * are never fetched. Validators are cached by schema text.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type AjvInstance = { compile(schema: unknown): ValidateFunction };
let ajv2020: AjvInstance | undefined;
let ajv07: AjvInstance | undefined;
const cache = new Map<string, CompiledSchema>();

export type CompiledSchema = { ok: true; validate: ValidateFunction } | { ok: false; error: string };

function instance(dialect: '2020-12' | 'draft-07'): AjvInstance {
  const make = (Ajv: new (options: object) => AjvInstance) => {
    const created = new Ajv({ strict: false, allErrors: true, validateFormats: true, loadSchema: undefined });
    const addFormats = require('ajv-formats') as (ajv: unknown) => void;
    addFormats(created);
    return created;
  };
  if (dialect === 'draft-07') return (ajv07 ??= make(require('ajv').default));
  return (ajv2020 ??= make(require('ajv/dist/2020').default));
}

export function dialectOf(schema: unknown): '2020-12' | 'draft-07' | 'unknown' {
  const declared = typeof schema === 'object' && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined;
  if (declared === undefined) return '2020-12';
  if (typeof declared !== 'string') return 'unknown';
  if (declared.includes('2020-12')) return '2020-12';
  if (declared.includes('draft-07')) return 'draft-07';
  return 'unknown';
}

export function compileSchema(schema: unknown): CompiledSchema {
  const key = JSON.stringify(schema);
  const cached = cache.get(key);
  if (cached) return cached;
  let compiled: CompiledSchema;
  const dialect = dialectOf(schema);
  if (dialect === 'unknown') {
    compiled = { ok: false, error: `unsupported JSON Schema dialect ${JSON.stringify((schema as { $schema?: unknown }).$schema)}` };
  } else {
    try {
      // Strip $id so that two schemas with the same $id do not collide in the shared instance.
      const { $id: _id, ...rest } = (typeof schema === 'object' && schema !== null ? schema : { type: 'object' }) as Record<string, unknown>;
      compiled = { ok: true, validate: instance(dialect).compile(typeof schema === 'boolean' ? schema : rest) };
    } catch (error) {
      compiled = { ok: false, error: (error as Error).message };
    }
  }
  cache.set(key, compiled);
  return compiled;
}

/** Problems of `value` against `schema`, as "path: message" strings; empty when valid. */
export function schemaProblems(schema: unknown, value: unknown): string[] {
  const compiled = compileSchema(schema);
  if (!compiled.ok) return [`schema does not compile: ${compiled.error}`];
  if (compiled.validate(value)) return [];
  return (compiled.validate.errors ?? []).map(formatAjvError);
}

export function formatAjvError(error: ErrorObject): string {
  return `${error.instancePath || '/'} ${error.message ?? 'is invalid'}${error.params && 'allowedValues' in error.params ? ` (${(error.params.allowedValues as unknown[]).join(', ')})` : ''}`;
}
