/**
 * Identifiers that work as capabilities, in a tool's answer: values under keys named like a
 * handle, session, ticket or token (`handle`, `sessionId`, `upload_token`, `shareLink`). Plain
 * entity ids (`id`, `noteId`) are not judged: a sequential primary key is ordinary when access is
 * checked, and the probe cannot tell whether it is. Cursors and progress tokens are protocol state.
 */
import { pointer as pointerTo } from '../../../wire/json-pointer.js';
import { nameWords } from './name-words.js';

const HANDLE_WORDS = new Set([
  'handle',
  'session',
  'sessionid',
  'ticket',
  'nonce',
  'capability',
  'share',
  'invite',
  'reset',
  'lease',
  'token',
  'upload',
  'download',
]);
/** Words that make a handle-like key something else: counts, limits, pagination, progress. */
const NOT_HANDLE_WORDS = new Set([
  'count',
  'counts',
  'usage',
  'limit',
  'max',
  'min',
  'total',
  'page',
  'cursor',
  'next',
  'progress',
  'expires',
  'expiry',
  'ttl',
  'type',
  'name',
  'url',
  'size',
  'used',
]);
const MAX_NODES = 5000;

export function isHandleKey(key: string): boolean {
  const parts = nameWords(key);
  return parts.some((word) => HANDLE_WORDS.has(word)) && !parts.some((word) => NOT_HANDLE_WORDS.has(word));
}

/** Handle values of an answer, by pointer with array indices as `*` (items of one list are samples of one identifier). */
export function handlesIn(value: unknown, base = ''): Map<string, (string | number)[]> {
  const out = new Map<string, (string | number)[]>();
  const budget = { nodes: MAX_NODES };
  const walk = (node: unknown, at: string, key: string | undefined) => {
    if (budget.nodes-- <= 0) return;
    if ((typeof node === 'string' && node.length > 0 && node.length <= 512) || (typeof node === 'number' && Number.isInteger(node))) {
      if (key !== undefined && isHandleKey(key)) out.set(at, [...(out.get(at) ?? []), node]);
      return;
    }
    if (Array.isArray(node)) node.forEach((item) => walk(item, pointerTo(at, '*'), key));
    else if (node && typeof node === 'object') for (const [name, item] of Object.entries(node)) walk(item, pointerTo(at, name), name);
  };
  walk(value, base, undefined);
  return out;
}
