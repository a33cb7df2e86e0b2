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
import type { LineBytes } from './line-bytes.js';
import { JsonTooDeepError, MAX_JSON_DEPTH, parseJson, scanMessage } from './json-depth.js';

/** Below this a text is parsed as it is: hashing would cost more than it saves. */
export const SHARE_FROM_CHARS = 256 * 1024;
/** Results remembered (weakly: a result nobody holds any more is collected all the same). */
const REMEMBERED = 32;
/** Results whose bytes are kept for the line splitter to match answers against as they arrive. */
const KNOWN_BYTES_KEPT = 4;

const remembered = new Map<string, WeakRef<object>>();
/** A result's exact text, kept once it came a second time, while its parsed result lives. */
const knownBytes = new Map<string, { bytes: LineBytes; result: WeakRef<object> }>();

/**
 * The bytes of large results that came more than once and are still held parsed: a line that
 * turns out to carry one of them is not copied as it arrives (wire/line-splitter.ts). Kept only
 * from a result's second coming, so a result seen once costs nothing more; one copy each.
 */
export function knownResults(): LineBytes[] {
  for (const [key, known] of knownBytes) if (!known.result.deref()) knownBytes.delete(key);
  return [...knownBytes.values()].map((known) => known.bytes);
}

/** The parsed result whose bytes are `bytes`, while it lives. */
function resultKeptAs(bytes: LineBytes): object | undefined {
  for (const known of knownBytes.values()) if (known.bytes === bytes) return known.result.deref();
  return undefined;
}

function keepBytes(key: string, bytes: LineBytes, span: [number, number], result: object): void {
  if (knownBytes.has(key)) return;
  knownBytes.set(key, { bytes: bytes.keep(span[0], span[1]), result: new WeakRef(result) });
  if (knownBytes.size > KNOWN_BYTES_KEPT) knownBytes.delete(knownBytes.keys().next().value as string);
}

/** Parses a JSON-RPC message text, refusing one nested deeper than `limit`, sharing large results. */
export function parseMessageText(text: string, limit = MAX_JSON_DEPTH): unknown {
  if (text.length < SHARE_FROM_CHARS) return parseJson(text, limit);
  const span = scanMessage(text, limit);
  if (span === 'too-deep') throw new JsonTooDeepError(limit);
  if (!span) return JSON.parse(text);
  const key = digest(text.slice(span[0], span[1]));
  const known = remembered.get(key)?.deref();
  if (known) {
    const envelope = JSON.parse(`${text.slice(0, span[0])}null${text.slice(span[1])}`) as Record<string, unknown>;
    envelope.result = known;
    return envelope;
  }
  return parseRemembering(text, key);
}

/** How to read a large message still in bytes: the message, or how to parse its decoded text. */
export type BytesReading = { message: Record<string, unknown> } | { parse(text: string): unknown };

/**
 * A large message still in bytes. When its result was parsed before, the message with only its
 * envelope parsed and that result shared, without decoding the whole text (each listing of
 * 10,000 tools decoded 2.8 MB again only to find the same result). Otherwise a parser for the
 * decoded text that reuses this scan and digest: hashing the text again copied it into a native
 * buffer three times its length.
 */
export function readMessageBytes(bytes: LineBytes, limit = MAX_JSON_DEPTH): BytesReading {
  const asText = { parse: (text: string) => parseMessageText(text, limit) };
  if (bytes.length < SHARE_FROM_CHARS) return asText;
  // Matched as it arrived against bytes kept here: no need to scan and hash 13 MB again to know it.
  const { matched } = bytes;
  const matchedResult = matched && resultKeptAs(matched.result);
  if (matched && matchedResult) return withEnvelope(bytes, [matched.at, matched.at + matched.result.length], matchedResult, limit) ?? asText;
  const span = scanMessageBytes(bytes, limit);
  if (span === 'too-deep') return asText;
  if (!span) return { parse: (text) => JSON.parse(text) };
  // The same digest as the text path's: Node hashes a string as its UTF-8 bytes.
  const hash = createHash('sha1');
  for (const piece of bytes.pieces(span[0], span[1])) hash.update(piece);
  const key = hash.digest('base64');
  const known = remembered.get(key)?.deref();
  if (!known) return { parse: (text) => parseRemembering(text, key) };
  const reading = withEnvelope(bytes, span, known, limit);
  if (reading) keepBytes(key, bytes, span, known);
  return reading ?? asText;
}

/** The message around a known result: only its envelope (the text outside `span`) is parsed. Undefined when that is no object. */
function withEnvelope(bytes: LineBytes, span: [number, number], result: object, limit: number): { message: Record<string, unknown> } | undefined {
  let envelope: unknown;
  try {
    envelope = parseJson(`${bytes.text(0, span[0])}null${bytes.text(span[1])}`, limit);
  } catch {
    return undefined;
  }
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) return undefined;
  (envelope as Record<string, unknown>).result = result;
  return { message: envelope as Record<string, unknown> };
}

function digest(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

/** Parses a text already scanned (no deeper than the limit) and remembers its result under `key`. */
function parseRemembering(text: string, key: string): unknown {
  const message = JSON.parse(text) as Record<string, unknown>;
  if (typeof message.result === 'object' && message.result !== null) remember(key, message.result);
  return message;
}

function remember(key: string, result: object): void {
  remembered.delete(key);
  remembered.set(key, new WeakRef(result));
  if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value as string);
}
