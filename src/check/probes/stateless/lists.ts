/** Helpers for comparing lists across connections and instances. */
import type { McpClient, RpcOutcome } from '../../../client/types.js';
import { isObject, type JsonObject } from '../../../protocol/jsonrpc.js';
import { LIST_ITEMS_FIELD, type ListMethod } from '../../../protocol/lists.js';
import { withCapabilities } from '../mrtr/input-required.js';
import { summarize } from '../tools/answer.js';

export type { ListMethod };

const CAPABILITY_OF: Record<ListMethod, string> = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resources',
  'prompts/list': 'prompts',
};

/** The list methods a server's capabilities promise. */
export function declaredLists(capabilities: JsonObject, methods: ListMethod[] = Object.keys(LIST_ITEMS_FIELD) as ListMethod[]): ListMethod[] {
  return methods.filter((method) => isObject(capabilities[CAPABILITY_OF[method]]));
}

export interface Page {
  outcome: RpcOutcome;
  client: McpClient;
  cursor?: string;
}

/**
 * Every page of a list, each page from the client `clientFor(pageIndex)` picks, declaring
 * `capabilities` in each request. Stops at the first failed page (returned as `failed`).
 */
export async function walkPages(
  method: ListMethod,
  clientFor: (page: number) => McpClient,
  capabilities?: JsonObject,
  maxPages = 100,
): Promise<{ items: JsonObject[]; pages: Page[]; failed?: Page }> {
  const items: JsonObject[] = [];
  const pages: Page[] = [];
  let cursor: string | undefined;
  for (let index = 0; index < maxPages; index++) {
    const client = clientFor(index);
    const params: JsonObject = cursor === undefined ? {} : { cursor };
    const outcome = await client.request(method, capabilities ? withCapabilities(params, capabilities) : params);
    const page = { outcome, client, cursor };
    pages.push(page);
    const list = outcome.result?.[LIST_ITEMS_FIELD[method]];
    if (!outcome.result || !Array.isArray(list)) return { items, pages, failed: page };
    for (const item of list as JsonObject[]) items.push(item);
    if (typeof outcome.result.nextCursor !== 'string') break;
    cursor = outcome.result.nextCursor;
  }
  return { items, pages };
}

/** The same items, only in another order (a SHOULD of its own, where a different set is a MUST). */
export function onlyOrderDiffers(expected: JsonObject[], actual: JsonObject[]): boolean {
  const sorted = (list: JsonObject[]) => list.map(canonicalJson).sort().join('\n');
  return expected.length === actual.length && sorted(expected) === sorted(actual);
}

/**
 * Key-sorted JSON of a listed item, remembered per object: a run compares the same (shared)
 * items many times. Keys are compared by code unit, not localeCompare, which cost seconds.
 */
const canonicalOf = new WeakMap<object, string>();
function canonicalJson(value: unknown): string {
  if (!isObject(value)) return JSON.stringify(value) ?? 'undefined';
  let text = canonicalOf.get(value);
  if (text === undefined) {
    text = JSON.stringify(value, (_k, v: unknown) =>
      isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
    );
    canonicalOf.set(value, text);
  }
  return text;
}

/** Names shown in a message: a server may list 200,000 tools. */
const SHOWN_NAMES = 20;
const someNames = (names: string[]) => summarize(names, SHOWN_NAMES, ', ');

/** A short account of how two lists of named items differ, or undefined when they are identical. Linear in their length. */
export function listDifference(expected: JsonObject[], actual: JsonObject[], key = 'name'): string | undefined {
  const same = (a: JsonObject, b: JsonObject | undefined) => a === b || (b !== undefined && canonicalJson(a) === canonicalJson(b));
  if (expected.length === actual.length && expected.every((item, index) => same(item, actual[index]))) return undefined;
  const label = (item: JsonObject) => String(item[key] ?? item.uri ?? item.uriTemplate ?? canonicalJson(item).slice(0, 40));
  const expectedNames = expected.map(label);
  const actualNames = actual.map(label);
  const inExpected = new Set(expectedNames);
  const inActual = new Set(actualNames);
  const missing = expectedNames.filter((name) => !inActual.has(name));
  const extra = actualNames.filter((name) => !inExpected.has(name));
  if (missing.length || extra.length) {
    return [missing.length ? `missing ${someNames(missing)}` : '', extra.length ? `extra ${someNames(extra)}` : ''].filter(Boolean).join('; ');
  }
  const changed = expected.find((item, index) => !same(item, actual[index]));
  if (changed && expectedNames.join() === actualNames.join()) return `${label(changed)} differs`;
  return `same items in another order (${someNames(actualNames)})`;
}
