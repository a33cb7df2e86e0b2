/** Helpers of the relay tests: an upstream that logs what reaches it, raw HTTP requests, a tiny cassette. */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LoggedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface LoggingUpstream {
  url: string;
  received: LoggedRequest[];
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that answers every JSON-RPC request with an empty result and logs it. */
export async function startLoggingUpstream(): Promise<LoggingUpstream> {
  const received: LoggedRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      let id: unknown = null;
      try {
        id = (JSON.parse(body) as { id?: unknown }).id ?? null;
      } catch {
        // not JSON: answer anyway
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result: { tools: [] } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface RawAnswer {
  status: number;
  body: string;
}

/** One HTTP request with exactly these headers (fetch would not let a test forge Host). */
export function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'POST',
        headers: options.headers ?? {},
        timeout: 5000,
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer from ${url} within 5 s`)));
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

export const LIST_TOOLS = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });

/** The headers a well-behaved client sends to `url`. */
export function jsonHeaders(url: string, extra: Record<string, string> = {}): Record<string, string> {
  return { host: new URL(url).host, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...extra };
}

/** An HTTP cassette with one tools/list exchange on /mcp. */
export function writeTinyCassette(dir: string): string {
  const file = join(dir, 'tiny.ndjson');
  const header = {
    type: 'header',
    format: 'mcpvet-cassette',
    version: 1,
    recordedAt: '2026-01-01T00:00:00.000Z',
    target: { transport: 'http', description: 'http://127.0.0.1:1/mcp' },
    transport: 'http',
    complete: true,
    redactions: [],
  };
  const http = { exchange: 1, method: 'POST', path: '/mcp', headers: { 'content-type': 'application/json' } };
  const frames = [
    { type: 'frame', seq: 0, t: 0, dir: 'client', kind: 'message', raw: LIST_TOOLS, http },
    {
      type: 'frame',
      seq: 1,
      t: 1,
      dir: 'server',
      kind: 'message',
      raw: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: [] } }),
      http: { ...http, status: 200 },
    },
  ];
  writeFileSync(file, [header, ...frames].map((record) => JSON.stringify(record)).join('\n') + '\n');
  return file;
}
