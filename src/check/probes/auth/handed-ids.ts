/**
 * Identifiers a tool hands out (record ids, handles) and the tool parameters that take them back,
 * for the check that another identity is refused them. Built on the argument miner (mine.ts): a
 * value under a key named like an id (`id`, `noteId`, `basket_id`, `handle`), or the id a text line
 * or a URI names. Keys of things that are capabilities by design (share links, invites, tokens,
 * sessions) and protocol plumbing (request and progress ids, cursors) are left out.
 */
import type { JsonObject } from '../../../client/types.js';
import { compileSchema } from '../../../protocol/json-schema.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { nameScore } from '../../arguments/candidates.js';
import { mineResult, type MinedValue } from '../../arguments/mine.js';
import { nameWords } from '../security/name-words.js';

const ID_WORDS = new Set(['id', 'ids', 'uuid', 'guid', 'handle']);
/** Bearer capabilities by design, or protocol and tracing plumbing: not a record's name. */
const NOT_ID_WORDS = new Set([
  'session',
  'token',
  'share',
  'invite',
  'ticket',
  'nonce',
  'capability',
  'reset',
  'request',
  'progress',
  'cursor',
  'trace',
  'span',
  'correlation',
  'client',
  'tenant',
  'org',
  'organization',
]);

export function isIdKey(key: string): boolean {
  const words = nameWords(key);
  return words.some((word) => ID_WORDS.has(word)) && !words.some((word) => NOT_ID_WORDS.has(word));
}

/** The identifiers in one tool answer (values, with the key they were under and where), but those it was sent. */
export function identifiersIn(tool: string, args: JsonObject, result: JsonObject): MinedValue[] {
  const sent = sentValues(args);
  return mineResult('tools/call', { name: tool, arguments: args }, result, `tools/call ${tool}`).filter(
    (mined) =>
      isIdKey(mined.key) &&
      !sent.has(valueKey(mined.value)) &&
      ((typeof mined.value === 'string' && mined.value.length > 0 && mined.value.length <= 200) || Number.isInteger(mined.value)),
  );
}

/** An id echoed back by the tool it was passed to was not handed out by it. */
const sentValues = (args: JsonObject): Set<string> => new Set(mineResult('tools/call', {}, args, 'arguments').map((mined) => valueKey(mined.value)));

/** Every value mined from an answer, as comparable keys (what the other identity was handed, whatever the key), but those it was sent. */
export function valuesIn(tool: string, args: JsonObject, result: JsonObject): Set<string> {
  const sent = sentValues(args);
  const values = mineResult('tools/call', { name: tool, arguments: args }, result, `tools/call ${tool}`).map((mined) => valueKey(mined.value));
  return new Set(values.filter((value) => !sent.has(value)));
}

export const valueKey = (value: string | number): string => JSON.stringify(String(value));

export interface IdParameter {
  name: string;
  /** How well the parameter's name fits the key the identifier was under (nameScore). */
  score: number;
}

/** The top-level parameters of `tool` that could take `id` back: an id-like name that fits its key, a schema that accepts it. */
export function parametersFor(tool: JsonObject, id: MinedValue): IdParameter[] {
  const schema = isObject(tool.inputSchema) ? tool.inputSchema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const out: IdParameter[] = [];
  for (const [name, property] of Object.entries(properties)) {
    if (!isIdKey(name)) continue;
    const score = nameScore(name, id.key);
    if (score === 0) continue;
    const compiled = compileSchema(isObject(property) ? property : {});
    if (compiled.ok && !compiled.validate(id.value)) continue;
    out.push({ name, score });
  }
  return out.sort((a, b) => b.score - a.score);
}

/** Whether two answers carry the same data (their `_meta` aside). */
export function sameData(a: JsonObject, b: JsonObject): boolean {
  const { _meta: _a, ...first } = a;
  const { _meta: _b, ...second } = b;
  return canonical(first) === canonical(second);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, node: unknown) =>
    isObject(node) ? Object.fromEntries(Object.entries(node).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) : node,
  );
}
