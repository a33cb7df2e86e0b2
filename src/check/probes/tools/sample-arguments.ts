/**
 * Arguments a check can build from an inputSchema without knowing the tool: required
 * properties only, with simple values (const, default, examples, enum, or a value of the
 * type within its bounds). Anything it cannot build honestly is reported, so the check can
 * skip and say which arguments to give with --calls.
 */
type Schema = Record<string, unknown>;

export type Built = { ok: true; args: Record<string, unknown> } | { ok: false; reason: string };

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

export function sampleArguments(inputSchema: unknown): Built {
  if (!isSchema(inputSchema)) return { ok: false, reason: 'the inputSchema is not an object' };
  const built = sampleObject(inputSchema, 'arguments', 0);
  return built.ok ? { ok: true, args: built.value as Record<string, unknown> } : built;
}

export type Value = { ok: true; value: unknown } | { ok: false; reason: string };

function sampleObject(schema: Schema, path: string, depth: number): Value {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
  const value: Record<string, unknown> = {};
  for (const name of required) {
    const property = properties[name];
    if (!isSchema(property)) return { ok: false, reason: `required ${path}.${name} has no schema to build a value from` };
    const sampled = sampleValue(property, `${path}.${name}`, depth + 1);
    if (!sampled.ok) return sampled;
    value[name] = sampled.value;
  }
  return { ok: true, value };
}

/** A value for one property, made up from its schema (the last resort of src/check/arguments). */
export function madeUpValue(schema: unknown, path: string): Value {
  return isSchema(schema) ? sampleValue(schema, path, 1) : { ok: false, reason: `${path} has no schema to build a value from` };
}

function sampleValue(schema: Schema, path: string, depth: number): Value {
  if ('const' in schema) return { ok: true, value: schema.const };
  if ('default' in schema) return { ok: true, value: schema.default };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { ok: true, value: schema.examples[0] };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { ok: true, value: schema.enum[0] };
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const cannot = (why: string): Value => ({ ok: false, reason: `cannot build a value for required ${path} (${why})` });
  switch (type) {
    case 'string': {
      if (schema.pattern !== undefined) return cannot('it has a pattern');
      const byFormat: Record<string, string> = {
        uri: 'https://example.com/',
        email: 'user@example.com',
        'date-time': '2026-01-01T00:00:00Z',
        date: '2026-01-01',
      };
      if (typeof schema.format === 'string')
        return schema.format in byFormat ? { ok: true, value: byFormat[schema.format] } : cannot(`format ${schema.format}`);
      const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
      return { ok: true, value: 'example'.padEnd(min, 'x') };
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
      return { ok: true, value: type === 'integer' ? Math.ceil(min) : min };
    }
    case 'boolean':
      return { ok: true, value: true };
    case 'array':
      return typeof schema.minItems === 'number' && schema.minItems > 0 ? cannot('it needs items') : { ok: true, value: [] };
    case 'object':
      return depth > 4 ? cannot('nested too deeply') : sampleObject(schema, path, depth);
    default:
      return cannot(type === undefined ? 'no simple type' : `type ${String(type)}`);
  }
}
