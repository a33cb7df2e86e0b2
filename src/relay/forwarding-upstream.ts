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
import { endToEndHeaders, isEventStream, readEvents, type HttpRequestIn, type HttpResponseOut, type HttpUpstream } from './http-upstream.js';

/** Largest non-streamed answer kept in memory. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
/** Connections kept to the server at once; more requests wait for a free one. */
const MAX_SOCKETS = 64;

export class ForwardingUpstream implements HttpUpstream {
  private readonly base: URL;
  private readonly agent: HttpAgent;
  private readonly send: typeof httpRequest;
  private readonly extraHeaders: Record<string, string>;

  constructor(
    url: string,
    /** Added to every forwarded request (the target's --header values, e.g. Authorization). */
    extraHeaders: Record<string, string> = {},
  ) {
    this.base = new URL(url);
    const secure = this.base.protocol === 'https:';
    this.agent = secure ? new HttpsAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }) : new HttpAgent({ keepAlive: true, maxSockets: MAX_SOCKETS });
    this.send = secure ? (httpsRequest as typeof httpRequest) : httpRequest;
    this.extraHeaders = Object.fromEntries(Object.entries(extraHeaders).map(([name, value]) => [name.toLowerCase(), value]));
  }

  async handle(request: HttpRequestIn): Promise<HttpResponseOut> {
    const destination = forwardedUrl(this.base, request.path);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : Buffer.from(request.body, 'utf8');
    const headers: Record<string, string> = { ...endToEndHeaders(request.headers), ...this.extraHeaders };
    if (body) headers['content-length'] = String(body.length);
    let response: IncomingMessage;
    try {
      response = await this.exchange(destination, request.method, headers, body, request.signal);
    } catch (error) {
      if (request.signal.aborted) throw error;
      return {
        status: 502,
        headers: { 'content-type': 'text/plain' },
        body: { type: 'text', text: `mcpvet: the server at ${destination.origin} cannot be reached: ${(error as Error).message}` },
      };
    }
    const responseHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers))
      if (value !== undefined) responseHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
    const out = { status: response.statusCode ?? 502, headers: endToEndHeaders(responseHeaders) };
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

  private exchange(url: URL, method: string, headers: Record<string, string>, body: Buffer | undefined, signal: AbortSignal): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const outgoing = this.send(url, { method, headers, agent: this.agent, signal }, resolve);
      outgoing.on('error', (error: NodeJS.ErrnoException) => reject(new Error(error.code ?? error.message)));
      outgoing.end(body);
    });
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
