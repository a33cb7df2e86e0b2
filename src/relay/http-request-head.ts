/**
 * The head of one HTTP/1.1 request, read from a client's bytes by the pass-through proxy. Strict on
 * purpose: the head is forwarded as bytes, so anything a lenient reader and the server might read
 * differently (the stuff of request smuggling: bare CR or LF, folded lines, two lengths, chunked
 * bodies) is not judged here but left to node:http's parser ("unusual").
 */

export interface HeaderLine {
  /** Lower-case. */
  name: string;
  value: string;
  /** The line as the client wrote it (latin1), without its CRLF. */
  line: string;
}

export interface RequestHead {
  method: string;
  /** Path and query, as sent (always starting with /). */
  target: string;
  headers: HeaderLine[];
  /** Bytes of the head, its blank line included. */
  size: number;
  /** 0 without a Content-Length. */
  contentLength: number;
  host: string | undefined;
  origin: string | undefined;
  contentType: string | undefined;
}

export type HeadRead = { kind: 'incomplete' } | { kind: 'too-large' } | { kind: 'unusual'; why: string } | { kind: 'head'; head: RequestHead };

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const REQUEST_LINE = new RegExp(`^(${TOKEN}) (/[\\x21-\\x7e]*) HTTP/1\\.1$`);
const HEADER_LINE = new RegExp(`^(${TOKEN}):[ \\t]*(.*?)[ \\t]*$`);
// Control characters other than HTAB (CR and LF included: only CRLF separates lines).
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;
/** Headers whose presence means the request is not a plain one with a known length. */
const UNUSUAL = new Set(['transfer-encoding', 'expect', 'upgrade']);
/** Headers the guard reads or the framing relies on: a second one is left to node:http. */
const SINGLE = new Set(['host', 'origin', 'content-type', 'content-length']);

const END = Buffer.from('\r\n\r\n');

/** The first request head in `bytes`, if it has all arrived. */
export function readRequestHead(bytes: Buffer, maxBytes: number): HeadRead {
  const end = bytes.indexOf(END);
  if (end === -1) return bytes.length > maxBytes ? { kind: 'too-large' } : { kind: 'incomplete' };
  if (end + 4 > maxBytes) return { kind: 'too-large' };
  const lines = bytes.toString('latin1', 0, end).split('\r\n');
  const requestLine = REQUEST_LINE.exec(lines[0] as string);
  if (!requestLine) return { kind: 'unusual', why: 'request line' };
  const head: RequestHead = {
    method: requestLine[1] as string,
    target: requestLine[2] as string,
    headers: [],
    size: end + 4,
    contentLength: 0,
    host: undefined,
    origin: undefined,
    contentType: undefined,
  };
  const seen = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as string;
    const match = CONTROL.test(line) ? null : HEADER_LINE.exec(line);
    if (!match) return { kind: 'unusual', why: 'header line' };
    const name = (match[1] as string).toLowerCase();
    const value = match[2] as string;
    if (UNUSUAL.has(name)) return { kind: 'unusual', why: name };
    if (SINGLE.has(name)) {
      if (seen.has(name)) return { kind: 'unusual', why: `two ${name}` };
      seen.add(name);
      if (name === 'host') head.host = value;
      else if (name === 'origin') head.origin = value;
      else if (name === 'content-type') head.contentType = value;
      else if (/^\d{1,15}$/.test(value)) head.contentLength = Number(value);
      else return { kind: 'unusual', why: 'content-length' };
    }
    head.headers.push({ name, value, line });
  }
  return { kind: 'head', head };
}
