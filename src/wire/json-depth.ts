/**
 * A bound on how deeply JSON may nest. JSON.parse itself takes any depth, but every recursive
 * walk after it (validators, JSON.stringify, redaction, diffs) overflows the stack somewhere
 * past a few thousand levels. Real MCP messages nest a few dozen levels at most, so text nested
 * deeper than MAX_JSON_DEPTH is refused where it is parsed, before any recursive code sees it.
 */

import type { Frame, Trace } from './trace.js';

/** Arrays and objects nested more than this are refused (a tool schema rarely passes 20). */
export const MAX_JSON_DEPTH = 512;

export class JsonTooDeepError extends SyntaxError {
  constructor(readonly limit: number) {
    super(`JSON nested deeper than ${limit} levels`);
    this.name = 'JsonTooDeepError';
  }
}

/** How much of a refused (too-deep) text the trace keeps. */
const REFUSED_RAW_CHARS = 2000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** True when `text` opens more than `limit` nested arrays/objects. One linear pass, no recursion. */
export function nestsDeeperThan(text: string, limit = MAX_JSON_DEPTH): boolean {
  return text.length > limit && scanMessage(text, limit) === 'too-deep';
}

const COLON = 0x3a;
const COMMA = 0x2c;

/**
 * One linear pass over a JSON text, no recursion: 'too-deep' past `limit`, else the [start, end)
 * of the top-level `"result"` value when it is an object or array (undefined when there is none).
 */
export function scanMessage(text: string, limit = MAX_JSON_DEPTH): 'too-deep' | [number, number] | undefined {
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
  const opening = text.charCodeAt(first);
  return opening === OPEN_BRACE || opening === OPEN_BRACKET ? span : undefined;
}

/** The index of the quote that closes the string opened at `open` (indexOf skips the text natively). */
function closingQuote(text: string, open: number): number {
  let from = open + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

/** JSON.parse that throws JsonTooDeepError (a SyntaxError) for text nested deeper than `limit`. */
export function parseJson(text: string, limit = MAX_JSON_DEPTH): unknown {
  if (nestsDeeperThan(text, limit)) throw new JsonTooDeepError(limit);
  return JSON.parse(text);
}

/** True when a value already in memory nests deeper than `limit` (iterative, stops at the limit). */
export function valueNestsDeeperThan(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * The top-level `"id"` of a JSON-RPC message too deep to parse, found without parsing the rest,
 * so the request it answers can be failed at once instead of timing out. Undefined when absent.
 */
export function topLevelId(text: string): string | number | null | undefined {
  let depth = 0;
  let inString = false;
  let stringStart = -1;
  let expectKey = false;
  let lastKey: string | undefined;
  let valueStart = -1;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) {
        inString = false;
        if (depth === 1 && expectKey) lastKey = text.slice(stringStart, index + 1);
      }
      continue;
    }
    if (code === QUOTE) {
      inString = true;
      stringStart = index;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth++;
      if (depth === 1) expectKey = true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET || code === 0x2c /* , */) {
      if (depth === 1 && valueStart !== -1) return idValue(text.slice(valueStart, index));
      if (code === 0x2c && depth === 1) expectKey = true;
      else if (code !== 0x2c) depth--;
    } else if (code === 0x3a /* : */ && depth === 1) {
      expectKey = false;
      if (lastKey === '"id"') valueStart = index + 1;
      lastKey = undefined;
    }
  }
  return undefined;
}

function idValue(text: string): string | number | null | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' || typeof value === 'number' || value === null ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A line nested too deeply to hand to recursive code: kept as a pinned error frame with its head only. */
export function traceTooDeep(trace: Trace, text: string, extra: Pick<Frame, 'http'> = {}): Frame {
  return trace.add(
    {
      direction: 'receive',
      kind: 'error',
      raw: text.slice(0, REFUSED_RAW_CHARS),
      truncated: text.length > REFUSED_RAW_CHARS,
      parseError: `nested deeper than ${MAX_JSON_DEPTH} levels`,
      detail: { reason: 'too-deep', limit: MAX_JSON_DEPTH, chars: text.length },
      ...extra,
    },
    { pin: true },
  );
}
