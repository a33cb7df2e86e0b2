/**
 * The HTTP front: a listener on 127.0.0.1 that checks each request (listener-guard.ts), hands it to
 * an upstream and streams the answer back (JSON, SSE event by event, or a cut connection when a
 * fault asks for one). It never binds beyond loopback.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Passthrough, passesThrough, type PassthroughTarget } from './http-passthrough.js';
import type { HttpUpstream, SseEvent } from './http-upstream.js';
import { ListenerGuard, newToken, TOKEN_PARAM } from './listener-guard.js';
import { readRequestBody } from '../wire/request-body.js';

export interface HttpFrontOptions {
  port?: number;
  /** Largest request body accepted (default 16 MiB). */
  maxBodyBytes?: number;
  /** The token clients must send (`?mcpvet_token=`): a fresh random one by default; false for none. */
  token?: string | false;
  /** Told about each refused request, in one line. */
  onRefused?: (line: string) => void;
  /**
   * The plain proxy's server: when set and plain http, requests pass to it as bytes
   * (http-passthrough.ts), and `upstream` serves only those that path leaves to node:http.
   */
  passthrough?: PassthroughTarget;
}

export interface HttpFront {
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  /** The token clients must send, if any. */
  token: string | undefined;
  /** The URL a client uses to reach `path` here (with the token). */
  urlFor(path: string): string;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

export async function serveHttpFront(upstream: HttpUpstream, options: HttpFrontOptions = {}): Promise<HttpFront> {
  const maxBody = options.maxBodyBytes ?? 16 * 1024 * 1024;
  const token = options.token === false ? undefined : (options.token ?? newToken());
  let guard: ListenerGuard | undefined;
  const server = createServer((req, res) => {
    const verdict = guard?.check({
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      host: req.headers.host,
      origin: req.headers.origin,
      contentType: req.headers['content-type'],
    });
    if (!verdict?.ok) {
      const message = verdict?.message ?? 'mcpvet: not ready';
      options.onRefused?.(message);
      // The body is never read: close the connection rather than drain what a hostile page sends.
      res.writeHead(verdict?.status ?? 503, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end(message + '\n');
      return;
    }
    void relay(upstream, req, res, maxBody, verdict.path).catch(() => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('mcpvet: the upstream failed');
      else res.destroy();
    });
  });
  const passthrough =
    options.passthrough && passesThrough(options.passthrough)
      ? new Passthrough(options.passthrough, { guard: () => guard, maxBodyBytes: maxBody, onRefused: options.onRefused, fallback: server })
      : undefined;
  const listener = passthrough?.server ?? server;
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(options.port ?? 0, HOST, () => resolve());
  });
  const { port } = listener.address() as AddressInfo;
  guard = new ListenerGuard(port, token);
  const origin = `http://${HOST}:${port}`;
  return {
    origin,
    port,
    token,
    urlFor: (path) => withToken(`${origin}${path.startsWith('/') ? path : `/${path}`}`, token),
    close: () =>
      new Promise<void>((resolve) => {
        listener.close(() => resolve());
        passthrough?.destroyAll();
        server.closeAllConnections();
      }),
  };
}

function withToken(url: string, token: string | undefined): string {
  if (token === undefined) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

async function relay(upstream: HttpUpstream, req: IncomingMessage, res: ServerResponse, maxBody: number, path: string): Promise<void> {
  const body = await readRequestBody(req, maxBody);
  if (body === undefined) {
    res.writeHead(413, { 'content-type': 'text/plain' }).end('mcpvet: request body too large');
    return;
  }
  const controller = new AbortController();
  // The client closing before the answer ended is cancellation; tell the upstream.
  res.on('close', () => void (res.writableFinished || controller.abort()));
  const headers: Record<string, string> = {};
  for (const name in req.headers) {
    const value = req.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  let answer;
  try {
    answer = await upstream.handle({ method: req.method ?? 'GET', path, headers, body, signal: controller.signal });
  } catch (error) {
    if (controller.signal.aborted) return;
    throw error;
  }
  if (controller.signal.aborted) return;
  const { body: out } = answer;
  if (out.type === 'hang-up') {
    req.socket.destroy();
    return;
  }
  if (out.type === 'text' && answer.status !== 204 && answer.status !== 304) {
    // A known length, not chunked encoding: one write, and less for the client to parse.
    res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(out.text) }).end(out.text);
    return;
  }
  res.writeHead(answer.status, answer.headers);
  switch (out.type) {
    case 'none':
      res.end();
      return;
    case 'text':
      res.end(out.text);
      return;
    case 'cut':
      res.flushHeaders();
      res.write(out.text, () => res.destroy());
      return;
    case 'sse':
      res.flushHeaders();
      try {
        for await (const event of out.events) {
          if (controller.signal.aborted) return;
          const text = serializeEvent(event);
          if (event.cut) {
            res.write(text.slice(0, Math.floor(text.length / 2)), () => res.destroy());
            return;
          }
          // Backpressure: a client that reads slowly slows the upstream's stream, not mcpvet's memory.
          if (!res.write(text)) await drained(res);
        }
      } catch {
        if (!controller.signal.aborted) res.destroy();
        return;
      }
      res.end();
  }
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

export function serializeEvent(event: SseEvent): string {
  let text = '';
  if (event.event) text += `event: ${event.event}\n`;
  if (event.id) text += `id: ${event.id}\n`;
  for (const line of event.data.split('\n')) text += `data: ${line}\n`;
  return text + '\n';
}
