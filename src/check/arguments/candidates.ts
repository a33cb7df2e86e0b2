/**
 * Argument sets for one tool, best first: values the server itself returned (matched to each
 * required parameter by name and accepted by its schema), then the examples its schema and
 * description give, then values made up from the schema. Each set records where every value came
 * from, and only sets the whole inputSchema accepts are offered.
 */
import type { JsonObject } from '../../client/types.js';
import { compileSchema, type CompiledSchema } from '../../protocol/json-schema.js';
import { isObject } from '../../protocol/jsonrpc.js';
import { madeUpValue } from '../probes/tools/sample-arguments.js';
import { schemaExamples } from './examples.js';
import type { MinedValue } from './mine.js';

export interface ArgumentCandidate {
  args: JsonObject;
  /** Parameter name -> where its value came from. */
  sources: Record<string, string>;
}

export type Candidates = { candidates: ArgumentCandidate[]; reason?: undefined } | { candidates?: undefined; reason: string };

/** Argument sets tried per tool: enough to get past one "not found", few enough to stay polite. */
export const MAX_CANDIDATES = 4;
const MINED_PER_PARAMETER = 3;
const EXAMPLES_PER_PARAMETER = 2;

interface Option {
  value: unknown;
  from: string;
}

/** The candidates for `inputSchema`, mined values first (`mined` is ordered freshest first). */
export function argumentCandidates(inputSchema: unknown, mined: readonly MinedValue[], max = MAX_CANDIDATES): Candidates {
  if (!isObject(inputSchema)) return { reason: 'the inputSchema is not an object' };
  const properties = isObject(inputSchema.properties) ? inputSchema.properties : {};
  const required = Array.isArray(inputSchema.required) ? inputSchema.required.filter((name): name is string => typeof name === 'string') : [];
  const options: [string, Option[]][] = [];
  for (const name of required) {
    const property = properties[name];
    const found = optionsFor(name, property, mined);
    if (found.length === 0) {
      const madeUp = madeUpValue(property, `arguments.${name}`);
      return { reason: madeUp.ok ? `no value fits the required argument "${name}"` : madeUp.reason };
    }
    options.push([name, found]);
  }
  const whole = compiled(inputSchema);
  const candidates: ArgumentCandidate[] = [];
  const seen = new Set<string>();
  const rounds = Math.max(1, ...options.map(([, list]) => list.length));
  for (let round = 0; round < rounds && candidates.length < max; round++) {
    const args: JsonObject = {};
    const sources: Record<string, string> = {};
    for (const [name, list] of options) {
      const option = list[Math.min(round, list.length - 1)]!;
      args[name] = option.value;
      sources[name] = option.from;
    }
    const key = JSON.stringify(args);
    if (seen.has(key)) continue;
    seen.add(key);
    if (whole.ok && !whole.validate(args)) continue;
    candidates.push({ args, sources });
  }
  if (candidates.length === 0) return { reason: `no arguments built for it satisfy its inputSchema (tried ${rounds} set(s))` };
  return { candidates };
}

/** "id ← tools/call add_note result.structuredContent.id; title ← made up from the schema". */
export function describeSources(candidate: ArgumentCandidate): string {
  const entries = Object.entries(candidate.sources);
  return entries.length ? entries.map(([name, from]) => `${name} ← ${from}`).join('; ') : 'no arguments (none required)';
}

function optionsFor(name: string, property: unknown, mined: readonly MinedValue[]): Option[] {
  const fits = valueFits(property);
  const out: Option[] = [];
  const seen = new Set<string>();
  const add = (option: Option, limit: number, counter: { n: number }): void => {
    const key = JSON.stringify(option.value);
    if (counter.n >= limit || seen.has(key) || !fits(option.value)) return;
    seen.add(key);
    counter.n++;
    out.push(option);
  };
  const scored = mined
    .map((value, order) => ({ value, order, score: nameScore(name, value.key) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order);
  const minedCount = { n: 0 };
  for (const entry of scored) add({ value: entry.value.value, from: entry.value.from }, MINED_PER_PARAMETER, minedCount);
  const exampleCount = { n: 0 };
  for (const example of schemaExamples(property)) add({ value: example.value, from: example.from }, EXAMPLES_PER_PARAMETER, exampleCount);
  const madeUp = madeUpValue(property, `arguments.${name}`);
  if (madeUp.ok) add({ value: madeUp.value, from: 'made up from the schema' }, 1, { n: 0 });
  return out;
}

const normalize = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** How well a value found under `key` fits a parameter called `parameter` (0: not at all). */
export function nameScore(parameter: string, key: string): number {
  const p = normalize(parameter);
  const k = normalize(key);
  if (!p || !k) return 0;
  if (p === k) return 3;
  // tag ~ tags, noteId ~ id, id ~ noteId, uri ~ resourceUri
  if (`${p}s` === k || `${k}s` === p) return 2;
  if ((k.length >= 2 && p.endsWith(k)) || (p.length >= 2 && k.endsWith(p))) return 1;
  return 0;
}

const compiledSchemas = new WeakMap<object, CompiledSchema>();
function compiled(schema: Record<string, unknown>): CompiledSchema {
  let found = compiledSchemas.get(schema);
  if (!found) {
    found = compileSchema(schema);
    compiledSchemas.set(schema, found);
  }
  return found;
}

/** Whether a value suits one property: its schema says so, or (when that cannot compile, a $ref, say) its type does. */
function valueFits(property: unknown): (value: unknown) => boolean {
  if (!isObject(property)) return () => true;
  const schema = compiled(property);
  if (schema.ok) return (value) => schema.validate(value) === true;
  const types = Array.isArray(property.type) ? property.type : property.type === undefined ? [] : [property.type];
  return (value) => types.length === 0 || types.some((type) => jsonType(value, type));
}

function jsonType(value: unknown, type: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    case 'null':
      return value === null;
    default:
      return false;
  }
}
