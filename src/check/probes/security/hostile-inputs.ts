/**
 * Hostile arguments for one tool, each a change of arguments the tool took (its good call): one
 * property of the wrong type, a number far out of range, a 1 MB string, a 100,000-element array,
 * and path traversal strings in a property that names a path. A handful per tool, so a run stays
 * short; each says what it changed and where (a JSON pointer into the inputSchema).
 */
import type { JsonObject } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { breakArguments } from '../errors/invalid-arguments.js';
import { madeUpValue } from '../tools/sample-arguments.js';

export type HostileKind = 'wrong-type' | 'out-of-range' | 'large-string' | 'large-array' | 'path-traversal' | 'absolute-path';

export interface HostileInput {
  kind: HostileKind;
  property: string;
  args: JsonObject;
  /** What was sent, in words (never the 1 MB value itself). */
  sent: string;
}

export const LARGE_STRING_CHARS = 1024 * 1024;
export const LARGE_ARRAY_ITEMS = 100_000;

/** Relative forms escape a tool's folder; the absolute one asks for a file no tool's domain holds. */
const TRAVERSALS: [HostileKind, string][] = [
  ['path-traversal', '../../../../../../../../etc/passwd'],
  ['path-traversal', '..%2f..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd'],
  ['path-traversal', '..\\..\\..\\..\\..\\..\\..\\..\\windows\\win.ini'],
  ['absolute-path', '/etc/passwd'],
];

/** Parameter names that take a file or folder (not URLs: the SSRF check handles those). */
const PATH_NAME = /(^|_|-)(path|paths|file|filename|filepath|file_path|dir|directory|folder|location)$|^(path|file|dir)/i;

/** What comes back when a traversal reached /etc/passwd or win.ini: their first lines on any system. */
export const TRAVERSAL_MARKER = /root:[^:\n]{0,16}:0:0:|\[(?:fonts|extensions)\]|for 16-bit app support/i;

export function hostileInputs(inputSchema: unknown, base: JsonObject): HostileInput[] {
  if (!isObject(inputSchema)) return [];
  const properties = Object.entries(isObject(inputSchema.properties) ? inputSchema.properties : {}).filter((entry): entry is [string, JsonObject] =>
    isObject(entry[1]),
  );
  const inputs: HostileInput[] = [];
  const wrongType = breakArguments(inputSchema, base).find((broken) => broken.kind === 'wrong-type');
  if (wrongType) inputs.push({ kind: 'wrong-type', property: changedProperty(base, wrongType.args), args: wrongType.args, sent: wrongType.broken });
  const numeric = properties.find(([, schema]) => typeOf(schema) === 'number' || typeOf(schema) === 'integer');
  if (numeric) {
    const [name, schema] = numeric;
    const value = outOfRange(schema);
    inputs.push({ kind: 'out-of-range', property: name, args: { ...base, [name]: value }, sent: `"${name}" set to ${value}` });
  }
  const text = properties.find(([, schema]) => typeOf(schema) === 'string' && schema.enum === undefined && schema.const === undefined);
  if (text) {
    const [name] = text;
    inputs.push({ kind: 'large-string', property: name, args: { ...base, [name]: 'A'.repeat(LARGE_STRING_CHARS) }, sent: `"${name}" set to a 1 MB string` });
  }
  const list = properties.find(([, schema]) => typeOf(schema) === 'array');
  if (list) {
    const [name, schema] = list;
    const item = arrayItem(base[name], schema.items);
    inputs.push({
      kind: 'large-array',
      property: name,
      args: { ...base, [name]: new Array(LARGE_ARRAY_ITEMS).fill(item) },
      sent: `"${name}" set to an array of ${LARGE_ARRAY_ITEMS.toLocaleString('en')} items`,
    });
  }
  const path = properties.find(([name, schema]) => PATH_NAME.test(name) && typeOf(schema) === 'string' && schema.enum === undefined);
  if (path) {
    const [name] = path;
    for (const [kind, value] of TRAVERSALS)
      inputs.push({ kind, property: name, args: { ...base, [name]: value }, sent: `"${name}" set to ${JSON.stringify(value)}` });
  }
  return inputs;
}

function typeOf(schema: JsonObject): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((t): t is string => typeof t === 'string' && t !== 'null');
  return undefined;
}

/** Past the declared bound when there is one, else a magnitude no tool expects (still an integer). */
function outOfRange(schema: JsonObject): number {
  if (typeof schema.maximum === 'number') return schema.maximum + 1_000_000_000;
  if (typeof schema.exclusiveMaximum === 'number') return schema.exclusiveMaximum + 1_000_000_000;
  if (typeof schema.minimum === 'number') return schema.minimum - 1_000_000_000;
  return 2 ** 60;
}

function arrayItem(current: unknown, items: unknown): unknown {
  if (Array.isArray(current) && current.length > 0) return current[0];
  const made = madeUpValue(items ?? {}, 'item');
  return made.ok ? made.value : 'x';
}

function changedProperty(base: JsonObject, args: JsonObject): string {
  return Object.keys({ ...base, ...args }).find((key) => JSON.stringify(base[key]) !== JSON.stringify(args[key])) ?? '';
}
