/**
 * The real server behind an HTTP front. Requests go through a pool of kept-alive connections
 * (node:http, not fetch: a fetch per request cost the proxy most of the server's rate), and the
 * query string of the target URL is kept on every forwarded request: it often carries the
 * server's own key or tenant.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { endToEndHeaders, HOP_HEADERS, isEventStream, readEvents, type HttpRequestIn, type HttpResponseOut, type HttpUpstream } from './http-upstream.js';

/** Largest non-streamed answer kept in memory. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
/** Connections kept to the server at once; more requests wait for a free one. */
const MAX_SOCKETS = 64;
/** Client paths whose forwarded path is remembered (a client uses one or two; a hostile one cannot grow it). */
const REMEMBERED_PATHS = 32;

export class ForwardingUpstream implements HttpUpstream {
  private readonly base: URL;
  /** Host, port and protocol of every forwarded request: built once, not parsed from a URL each time. */
  private readonly origin: { protocol: string; hostname: string; port: string; auth?: string };
  private readonly paths: ForwardedPaths;
  private readonly agent: HttpAgent;
  private readonly send: typeof httpRequest;
  private readonly extraHeaders: Record<string, string>;

  constructor(
    url: string,
    /** Added to every forwarded request (the target's --header values, e.g. Authorization). */
    extraHeaders: Record<string, string> = {},
  ) {
    this.base = new URL(url);
    this.paths = new ForwardedPaths(this.base);
    const secure = this.base.protocol === 'https:';
    // A bracketed IPv6 host is given to net without its brackets.
    this.origin = { protocol: this.base.protocol, hostname: this.base.hostname.replace(/^\[(.*)\]$/, '$1'), port: this.base.port };
    // As a URL given to http.request would: user:password@ becomes Basic authentication.
    if (this.base.username || this.base.password) this.origin.auth = `${decodeURIComponent(this.base.username)}:${decodeURIComponent(this.base.password)}`;
    // noDelay: a request is written whole at once, so Nagle's algorithm could only delay it.
    const pool = { keepAlive: true, maxSockets: MAX_SOCKETS, noDelay: true };
    this.agent = secure ? new HttpsAgent(pool) : new HttpAgent(pool);
    this.send = secure ? (httpsRequest as typeof httpRequest) : httpRequest;
    this.extraHeaders = Object.fromEntries(Object.entries(extraHeaders).map(([name, value]) => [name.toLowerCase(), value]));
  }

  async handle(request: HttpRequestIn): Promise<HttpResponseOut> {
    const path = this.paths.get(request.path);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : Buffer.from(request.body, 'utf8');
    const headers = endToEndHeaders(request.headers);
    for (const name in this.extraHeaders) headers[name] = this.extraHeaders[name] as string;
    if (body) headers['content-length'] = String(body.length);
    let response: IncomingMessage;
    try {
      response = await this.exchange(path, request.method, headers, body, request.signal);
    } catch (error) {
      if (request.signal.aborted) throw error;
      return {
        status: 502,
        headers: { 'content-type': 'text/plain' },
        body: { type: 'text', text: `mcpvet: the server at ${this.base.origin} cannot be reached: ${(error as Error).message}` },
      };
    }
    const responseHeaders: Record<string, string> = {};
    for (const name in response.headers) {
      const value = response.headers[name];
      if (value !== undefined && !HOP_HEADERS.has(name)) responseHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const out = { status: response.statusCode ?? 502, headers: responseHeaders };
    const decoded = decode(response);
    if (isEventStream(responseHeaders)) return { ...out, body: { type: 'sse', events: readEvents(decoded) } };
    const text = await readText(decoded, request.signal);
    if (text === undefined)
      return {
        status: 502,
        headers: { 'content-type': 'text/plain' },
        body: { type: 'text', text: `mcpvet: the server's answer is over ${MAX_ANSWER_BYTES} bytes` },
      };
    return { ...out, body: text === '' ? { type: 'none' } : { type: 'text', text } };
  }

  async close(): Promise<void> {
    this.agent.destroy();
  }

  private exchange(path: string, method: string, headers: Record<string, string>, body: Buffer | undefined, signal: AbortSignal): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(new Error('aborted'));
      const outgoing = this.send({ ...this.origin, path, method, headers, agent: this.agent }, resolve);
      // The client went away: drop the exchange (and its streamed answer). One listener, removed once
      // the exchange is over: http.request's own `signal` option costs several per request.
      const abort = () => outgoing.destroy(new Error('aborted'));
      signal.addEventListener('abort', abort, { once: true });
      outgoing.once('close', () => signal.removeEventListener('abort', abort));
      outgoing.on('error', (error: NodeJS.ErrnoException) => reject(new Error(error.code ?? error.message)));
      outgoing.end(body);
    });
  }
}

/** Client path -> forwarded path (the target URL's query merged in), remembered: a client sends the same one every time. */
export class ForwardedPaths {
  private readonly paths = new Map<string, string>();

  constructor(private readonly base: URL) {}

  get(clientPath: string): string {
    let path = this.paths.get(clientPath);
    if (path === undefined) {
      const url = forwardedUrl(this.base, clientPath);
      path = url.pathname + url.search;
      if (this.paths.size >= REMEMBERED_PATHS) this.paths.clear();
      this.paths.set(clientPath, path);
    }
    return path;
  }
}

/** The client's path on the server's origin; the target URL's query first, then the client's own parameters. */
export function forwardedUrl(base: URL, path: string): URL {
  // Concatenated, not resolved: a path like //other.host must not leave the server's origin.
  const destination = new URL(`${base.origin}${path.startsWith('/') ? path : `/${path}`}`);
  if (base.search === '') return destination;
  const clientQuery = destination.search.slice(1);
  const baseNames = new Set(base.searchParams.keys());
  const extra = clientQuery === '' ? [] : clientQuery.split('&').filter((part) => !baseNames.has(decodeName(part)));
  destination.search = [base.search.slice(1), ...extra].join('&');
  return destination;
}

function decodeName(part: string): string {
  const name = part.split('=')[0] ?? '';
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** fetch used to undo content-encoding; the pool must too (accept-encoding is not forwarded, but a server may compress anyway). */
function decode(response: IncomingMessage): Readable {
  switch ((response.headers['content-encoding'] ?? '').toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(createGunzip()).on('error', () => response.destroy());
    case 'deflate':
      return response.pipe(createInflate()).on('error', () => response.destroy());
    case 'br':
      return response.pipe(createBrotliDecompress()).on('error', () => response.destroy());
    default:
      return response;
  }
}

function readText(body: Readable, signal: AbortSignal): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) {
        body.destroy();
        resolve(undefined);
      } else chunks.push(chunk);
    });
    body.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    body.on('error', reject);
    body.on('close', () => signal.aborted && reject(new Error('aborted')));
  });
}
