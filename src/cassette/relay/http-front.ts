/**
 * The HTTP front: a listener on 127.0.0.1 that hands every exchange to an upstream and streams the
 * answer back (JSON, SSE event by event, or a cut connection when a fault asks for one).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpUpstream, SseEvent } from './http.js';

export interface HttpFrontOptions {
  port?: number;
  host?: string;
  /** Largest request body accepted (default 16 MiB). */
  maxBodyBytes?: number;
}

export interface HttpFront {
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  close(): Promise<void>;
}

export async function serveHttpFront(upstream: HttpUpstream, options: HttpFrontOptions = {}): Promise<HttpFront> {
  const host = options.host ?? '127.0.0.1';
  const maxBody = options.maxBodyBytes ?? 16 * 1024 * 1024;
  const server = createServer((req, res) => {
    void relay(upstream, req, res, maxBody).catch(() => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('mcpvet: the upstream failed');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function relay(upstream: HttpUpstream, req: IncomingMessage, res: ServerResponse, maxBody: number): Promise<void> {
  const body = await readBody(req, maxBody);
  if (body === undefined) {
    res.writeHead(413, { 'content-type': 'text/plain' }).end('mcpvet: request body too large');
    return;
  }
  const controller = new AbortController();
  // The client closing before the answer ended is cancellation; tell the upstream.
  res.on('close', () => void (res.writableFinished || controller.abort()));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  let answer;
  try {
    answer = await upstream.handle({ method: req.method ?? 'GET', path: req.url ?? '/', headers, body, signal: controller.signal });
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
          res.write(text);
        }
      } catch {
        if (!controller.signal.aborted) res.destroy();
        return;
      }
      res.end();
  }
}

export function serializeEvent(event: SseEvent): string {
  let text = '';
  if (event.event) text += `event: ${event.event}\n`;
  if (event.id) text += `id: ${event.id}\n`;
  for (const line of event.data.split('\n')) text += `data: ${line}\n`;
  return text + '\n';
}

function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) over = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(over ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
