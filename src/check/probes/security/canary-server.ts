/**
 * mcpvet's own canary listener for SSRF probes: an HTTP server on 127.0.0.1 (random port) that
 * answers every request 200 with a short body and records what arrived (method, path, headers;
 * bodies are never read). Bounded: a few hundred records, closed by the check that opened it. Like
 * every mcpvet listener it serves only its own loopback Host and no browser (no Origin): a fetch
 * the server makes for a URL mcpvet gave carries exactly that Host, so nothing else is recorded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CanaryRequest {
  method: string;
  path: string;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Milliseconds since the listener started. */
  at: number;
}

export interface CanaryServer {
  /** http://127.0.0.1:PORT */
  readonly origin: string;
  readonly port: number;
  readonly requests: readonly CanaryRequest[];
  /** Resolves once a request `matches` arrived (true), or after `ms` (false). */
  waitFor(matches: (request: CanaryRequest) => boolean, ms: number): Promise<boolean>;
  close(): Promise<void>;
}

const MAX_RECORDS = 200;
const CLOSE_TIMEOUT_MS = 1000;
const BODY = 'mcpvet canary\n';

export async function startCanaryServer(): Promise<CanaryServer> {
  const started = performance.now();
  const requests: CanaryRequest[] = [];
  const waiters = new Set<{ matches: (request: CanaryRequest) => boolean; done: (hit: boolean) => void }>();
  let hosts = new Set<string>();
  const record = (req: IncomingMessage, res: ServerResponse) => {
    if (!hosts.has(req.headers.host ?? '') || req.headers.origin !== undefined) {
      res.writeHead(421, { 'Content-Type': 'text/plain', Connection: 'close' }).end('not this listener\n');
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const request = { method: req.method ?? '', path: req.url ?? '/', headers, at: Math.round(performance.now() - started) };
    if (requests.length < MAX_RECORDS) requests.push(request);
    for (const waiter of waiters) if (waiter.matches(request)) waiter.done(true);
    // The body is not read: the socket closes with the response.
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': String(BODY.length), Connection: 'close' }).end(BODY);
  };
  const server = createServer(record);
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    waitFor(matches, ms) {
      if (requests.some(matches)) return Promise.resolve(true);
      return new Promise((resolve) => {
        const waiter = {
          matches,
          done: (hit: boolean) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(hit);
          },
        };
        const timer = setTimeout(() => waiter.done(false), ms);
        waiters.add(waiter);
      });
    },
    close() {
      for (const waiter of waiters) waiter.done(false);
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeAllConnections();
      });
    },
  };
}
