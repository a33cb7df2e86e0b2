/**
 * `--tool-arg key=value` follows the tool's inputSchema: a string property gets the text as it is,
 * numbers and booleans are converted, objects and arrays are parsed as JSON. Without a schema the
 * value is parsed as JSON when it can be, else kept as text (what the Inspector does).
 */
import { isObject, type JsonObject } from '../protocol/jsonrpc.js';
import { usageError } from './cli-error.js';

export function parseToolArgs(pairs: string[], json: string | undefined, inputSchema: unknown): JsonObject {
  const args: JsonObject = {};
  if (json !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch (error) {
      throw usageError(`--tool-args-json is not valid JSON: ${(error as Error).message}`);
    }
    if (!isObject(parsed)) throw usageError('--tool-args-json must be a JSON object');
    Object.assign(args, parsed);
  }
  const properties = isObject(inputSchema) && isObject(inputSchema.properties) ? inputSchema.properties : {};
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    if (equals <= 0) throw usageError(`--tool-arg takes key=value, not "${pair}"`);
    const key = pair.slice(0, equals);
    args[key] = coerce(pair.slice(equals + 1), properties[key], key);
  }
  return args;
}

function coerce(text: string, propertySchema: unknown, key: string): unknown {
  const types = declaredTypes(propertySchema);
  if (types.length === 0) return parseLoose(text);
  for (const type of types) {
    const value = convert(text, type);
    if (value !== undefined) return value;
  }
  throw usageError(`--tool-arg ${key}=${text}: the tool expects ${types.join(' or ')}`);
}

function declaredTypes(schema: unknown): string[] {
  if (!isObject(schema)) return [];
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === 'string');
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === 'string')) return ['string'];
  return [];
}

function convert(text: string, type: string): unknown {
  switch (type) {
    case 'string':
      return text;
    case 'integer':
      return /^-?\d+$/.test(text.trim()) ? Number(text) : undefined;
    case 'number': {
      const value = Number(text);
      return text.trim() !== '' && Number.isFinite(value) ? value : undefined;
    }
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    case 'null':
      return text === 'null' ? null : undefined;
    case 'object':
    case 'array': {
      const value = parseLoose(text);
      return (type === 'array' ? Array.isArray(value) : isObject(value)) ? value : undefined;
    }
    default:
      return undefined;
  }
}

function parseLoose(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
