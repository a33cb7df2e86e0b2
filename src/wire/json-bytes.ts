/**
 * JSON scans over UTF-8 bytes, for a large line not yet decoded: JSON's structural characters
 * are ASCII, and no byte of a multi-byte UTF-8 character is, so the bytes scan like the text.
 */
import type { LineBytes } from './line-bytes.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const RESULT_KEY = Buffer.from('"result"');
const WHITESPACE = new Set([0x20, 0x0a, 0x0d, 0x09]);

/** json-depth's scanMessage over bytes: 'too-deep' past `limit`, else the byte span of a top-level object or array `"result"`. */
export function scanMessageBytes(bytes: LineBytes, limit: number): 'too-deep' | [number, number] | undefined {
  let depth = 0;
  let keyStart = -1;
  let keyEnd = -1;
  let valueStart = -1;
  let span: [number, number] | undefined;
  for (let index = 0; index < bytes.length; index++) {
    const code = bytes.byteAt(index);
    if (code === QUOTE) {
      const end = closingQuote(bytes, index);
      if (depth === 1) [keyStart, keyEnd] = [index, end + 1];
      index = end;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > limit) return 'too-deep';
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      if (--depth === 0 && valueStart !== -1 && !span) span = [valueStart, index];
    } else if (depth === 1 && code === COLON) {
      if (!span && valueStart === -1 && bytes.equals(keyStart, keyEnd, RESULT_KEY)) valueStart = index + 1;
    } else if (depth === 1 && code === COMMA && valueStart !== -1 && !span) span = [valueStart, index];
  }
  if (!span) return undefined;
  let first = span[0];
  while (first < span[1] && isSpace(bytes.byteAt(first))) first++;
  const opening = bytes.byteAt(first);
  return opening === OPEN_BRACE || opening === OPEN_BRACKET ? span : undefined;
}

/** JSON whitespace (all the scan can meet before a value). */
const isSpace = (code: number): boolean => WHITESPACE.has(code);

function closingQuote(bytes: LineBytes, open: number): number {
  let from = open + 1;
  for (;;) {
    const quote = bytes.indexOf(QUOTE, from);
    if (quote === -1) return bytes.length;
    let backslashes = 0;
    while (bytes.byteAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

/**
 * Where the top-level `"result"` value starts in the head of a message (just after its colon, as
 * scanMessageBytes' span starts), reading only `head`: 'more' when the head ends first, 'none'
 * when it is not there or an earlier member's value is an object or array (envelopes hold
 * strings and numbers before their result; anything else is read whole, as any line is).
 */
export function resultStartIn(head: Buffer): number | 'more' | 'none' {
  let index = skipSpace(head, 0);
  if (index >= head.length) return 'more';
  if (head[index] !== OPEN_BRACE) return 'none';
  for (;;) {
    index = skipSpace(head, index + 1);
    if (index >= head.length) return 'more';
    if (head[index] !== QUOTE) return 'none';
    const keyEnd = closingQuoteIn(head, index);
    if (keyEnd === -1) return 'more';
    const isResult = keyEnd - index + 1 === RESULT_KEY.length && head.compare(RESULT_KEY, 0, RESULT_KEY.length, index, keyEnd + 1) === 0;
    index = skipSpace(head, keyEnd + 1);
    if (index >= head.length) return 'more';
    if (head[index] !== COLON) return 'none';
    if (isResult) return index + 1;
    index = skipSpace(head, index + 1);
    if (index >= head.length) return 'more';
    const first = head[index] as number;
    if (first === OPEN_BRACE || first === OPEN_BRACKET) return 'none';
    if (first === QUOTE) {
      const end = closingQuoteIn(head, index);
      if (end === -1) return 'more';
      index = end + 1;
    } else while (index < head.length && head[index] !== COMMA && head[index] !== CLOSE_BRACE && !WHITESPACE.has(head[index] as number)) index++;
    index = skipSpace(head, index);
    if (index >= head.length) return 'more';
    if (head[index] !== COMMA) return 'none';
  }
}

function skipSpace(head: Buffer, from: number): number {
  let index = from;
  while (index < head.length && WHITESPACE.has(head[index] as number)) index++;
  return index;
}

/** The index of the quote closing the string opened at `open`, or -1 when `head` ends first. */
function closingQuoteIn(head: Buffer, open: number): number {
  for (let index = open + 1; index < head.length; index++) {
    if (head[index] === BACKSLASH) index++;
    else if (head[index] === QUOTE) return index;
  }
  return -1;
}
