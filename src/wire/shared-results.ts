/**
 * One copy of what the server sent. A check run lists tools on a dozen fresh connections; with
 * 200,000 tools each answer is a 15 MB text that parsed into its own copy of the same objects, so
 * memory and the checks' walks grew with the number of connections. A large answer whose
 * `result` text is identical to one already parsed gets that same (shared) result object, and
 * only its envelope (jsonrpc, id) is parsed. Shared results must be treated as read-only, as
 * every parsed message already is.
 */
import { createHash } from 'node:crypto';
import { scanMessageBytes } from './json-bytes.js';
import { JsonTooDeepError, MAX_JSON_DEPTH, parseJson, scanMessage } from './json-depth.js';

/** Below this a text is parsed as it is: hashing would cost more than it saves. */
export const SHARE_FROM_CHARS = 256 * 1024;
/** Results remembered (weakly: a result nobody holds any more is collected all the same). */
const REMEMBERED = 32;

const remembered = new Map<string, WeakRef<object>>();

/** Parses a JSON-RPC message text, refusing one nested deeper than `limit`, sharing large results. */
export function parseMessageText(text: string, limit = MAX_JSON_DEPTH): unknown {
  if (text.length < SHARE_FROM_CHARS) return parseJson(text, limit);
  const span = scanMessage(text, limit);
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

/**
 * A large message still in bytes whose result was parsed before: its envelope parsed and that
 * result shared, without decoding the whole text (each listing of 10,000 tools decoded 2.8 MB
 * again only to find the same result). Undefined otherwise: decode and parse the text.
 */
export function knownResultMessage(bytes: Buffer, limit = MAX_JSON_DEPTH): Record<string, unknown> | undefined {
  if (bytes.length < SHARE_FROM_CHARS) return undefined;
  const span = scanMessageBytes(bytes, limit);
  if (!span || span === 'too-deep') return undefined;
  // The same digest as the text path's: Node hashes a string as its UTF-8 bytes.
  const known = remembered.get(createHash('sha1').update(bytes.subarray(span[0], span[1])).digest('base64'))?.deref();
  if (!known) return undefined;
  let envelope: unknown;
  try {
    envelope = parseJson(`${bytes.toString('utf8', 0, span[0])}null${bytes.toString('utf8', span[1])}`, limit);
  } catch {
    return undefined;
  }
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) return undefined;
  (envelope as Record<string, unknown>).result = known;
  return envelope as Record<string, unknown>;
}

function remember(key: string, result: object): void {
  remembered.delete(key);
  remembered.set(key, new WeakRef(result));
  if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value as string);
}
