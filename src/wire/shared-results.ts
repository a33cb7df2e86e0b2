/**
 * One copy of what the server sent. A check run lists tools on a dozen fresh connections; with
 * 200,000 tools each answer is a 15 MB text that parsed into its own copy of the same objects, so
 * memory and the checks' walks grew with the number of connections. A large answer whose
 * `result` text is identical to one already parsed gets that same (shared) result object, and
 * only its envelope (jsonrpc, id) is parsed. Shared results must be treated as read-only, as
 * every parsed message already is.
 */
import { createHash } from 'node:crypto';
import { closingQuote, JsonTooDeepError, MAX_JSON_DEPTH } from './json-depth.js';

/** Below this a text is parsed as it is: hashing would cost more than it saves. */
const SHARE_FROM_CHARS = 256 * 1024;
/** Results remembered (weakly: a result nobody holds any more is collected all the same). */
const REMEMBERED = 32;

const remembered = new Map<string, WeakRef<object>>();

/** Parses a JSON-RPC message text, refusing one nested deeper than `limit`, sharing large results. */
export function parseMessageText(text: string, limit = MAX_JSON_DEPTH): unknown {
  if (text.length < SHARE_FROM_CHARS) return parseSmall(text, limit);
  const span = scan(text, limit);
  if (span === 'too-deep') throw new JsonTooDeepError(limit);
  if (!span) return JSON.parse(text);
  const key = createHash('sha1').update(text.slice(span[0], span[1])).digest('base64');
  const known = remembered.get(key)?.deref();
  if (known) {
    const envelope = JSON.parse(`${text.slice(0, span[0])}null${text.slice(span[1])}`) as Record<string, unknown>;
    envelope.result = known;
    return envelope;
  }
  const message = JSON.parse(text) as Record<string, unknown>;
  if (typeof message.result === 'object' && message.result !== null) remember(key, message.result);
  return message;
}

function parseSmall(text: string, limit: number): unknown {
  if (text.length > limit && scan(text, limit) === 'too-deep') throw new JsonTooDeepError(limit);
  return JSON.parse(text);
}

function remember(key: string, result: object): void {
  remembered.delete(key);
  remembered.set(key, new WeakRef(result));
  if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value as string);
}

const QUOTE = 0x22;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * One linear pass: 'too-deep' past `limit`, else the [start, end) of the top-level `"result"`
 * value when it is an object or array (undefined when there is none). No recursion.
 */
function scan(text: string, limit: number): 'too-deep' | [number, number] | undefined {
  let depth = 0;
  let keyStart = -1;
  let keyEnd = -1;
  let valueStart = -1;
  let span: [number, number] | undefined;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      const end = closingQuote(text, index);
      if (depth === 1) [keyStart, keyEnd] = [index, end + 1];
      index = end;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > limit) return 'too-deep';
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      if (--depth === 0 && valueStart !== -1 && !span) span = [valueStart, index];
    } else if (depth === 1 && code === COLON) {
      if (!span && valueStart === -1 && text.slice(keyStart, keyEnd) === '"result"') valueStart = index + 1;
    } else if (depth === 1 && code === COMMA && valueStart !== -1 && !span) span = [valueStart, index];
  }
  if (!span) return undefined;
  let first = span[0];
  while (first < span[1] && /\s/.test(text[first] as string)) first++;
  const code = text.charCodeAt(first);
  return code === OPEN_BRACE || code === OPEN_BRACKET ? span : undefined;
}
