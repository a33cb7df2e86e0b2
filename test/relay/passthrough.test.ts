/**
 * The plain `mcpvet proxy --listen` (no --fault) passes requests to an http: server as bytes
 * (src/relay/http-passthrough.ts). Run as the real CLI in front of a real server on 127.0.0.1, with
 * raw sockets where the test needs what an ordinary client would not do: pipelined requests, a
 * refusal between them, a chunked body, an oversized head.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli, type Listening } from '../cassette/support.js';
import { jsonHeaders, send } from './support.js';

const SECRET = 'Bearer operator-secret-4711';

interface Seen {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** The proxy's side of the connection the request came on. */
  port: number;
}

let upstream: Server;
let upstreamUrl: string;
const seen: Seen[] = [];
/** Resolves when the upstream's SSE answer closes, with whether it had ended normally. */
let sseClosed: Promise<boolean> | undefined;
let cli: Listening;

beforeAll(async () => {
  // Heads up to 1 MiB: mcpvet's own 64 KiB limit, not the server's, must refuse the oversized one.
  upstream = createServer({ maxHeaderSize: 1024 * 1024 }, (req, res) => {
    // Answered before its body has come (a server may): the rest of the body follows the answer.
    if ((req.url ?? '').startsWith('/early')) res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":"early","result":{}}');
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body, port: req.socket.remotePort ?? 0 });
      const id = /"id":(\d+)/.exec(body)?.[1] ?? 'null';
      const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end(`{"jsonrpc":"2.0","id":${id},"result":{}}`);
      const path = (req.url ?? '').split('?')[0];
      if (path === '/early') return;
      if (path === '/slow') setTimeout(answer, 300);
      else if (path === '/sse') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"n":1}}\n\n`);
        // Never ends by itself: only the client going away closes it.
        sseClosed = new Promise((resolve) => res.on('close', () => resolve(res.writableEnded)));
      } else answer();
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  cli = await startCli(['proxy', '--listen', '0', '--header', `Authorization: ${SECRET}`, '--url', `${upstreamUrl}/mcp?tenant=a`]);
});

afterAll(async () => {
  await cli?.stop();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

const call = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'x', arguments: {} } });

/** A request as bytes, to `path` of the proxy (the token kept), with these extra header lines. */
function rawRequest(path: string, body: string, extra: string[] = []): string {
  const url = new URL(cli.url);
  const lines = [
    `POST ${path}${url.search} HTTP/1.1`,
    `host: ${url.host}`,
    'content-type: application/json',
    `content-length: ${Buffer.byteLength(body)}`,
    ...extra,
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Writes `bytes` on one connection and collects what comes back until `done` says so, or the proxy closes. */
function exchange(bytes: string | Buffer, done: (text: string) => boolean = () => false): Promise<{ text: string; closed: boolean }> {
  const { hostname, port } = new URL(cli.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    const timer = setTimeout(() => (socket.destroy(), reject(new Error(`no complete answer within 5 s: ${text.slice(0, 500)}`))), 5000);
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed });
    };
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (done(text)) finish(false);
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => {});
    socket.write(bytes);
  });
}

const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern, 'g'))?.length ?? 0;

describe('mcpvet proxy --listen, requests passed as bytes', () => {
  it('forwards the path, query and headers as the node:http path did, and a --header replaces the client one', async () => {
    const before = seen.length;
    const answer = await send(cli.url, { headers: jsonHeaders(cli.url, { authorization: 'Bearer client-own' }), body: call(7) });
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ id: 7 });
    expect(seen.length).toBe(before + 1);
    const last = seen.at(-1) as Seen;
    expect(last.url).toBe('/mcp?tenant=a');
    expect(last.headers.authorization).toBe(SECRET);
    expect(last.headers.host).toBe(new URL(upstreamUrl).host);
  });

  it('pipelined requests on one connection are answered in order, over one server connection', async () => {
    const before = seen.length;
    // The first is answered last by the server's clock; HTTP/1.1 still answers it first.
    const bytes = rawRequest('/slow', call(1)) + rawRequest('/mcp', call(2)) + rawRequest('/mcp', call(3));
    const { text } = await exchange(bytes, (got) => count(got, /"result"/) === 3);
    expect(count(text, /HTTP\/1\.1 200/)).toBe(3);
    const order = [1, 2, 3].map((id) => text.indexOf(`"id":${id},`));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const got = seen.slice(before);
    expect(got.map((request) => JSON.parse(request.body).id)).toEqual([1, 2, 3]);
    expect(new Set(got.map((request) => request.port)).size).toBe(1);
  });

  it('a refusal after a forwarded request comes after its answer, then the connection closes', async () => {
    const before = seen.length;
    const bytes = rawRequest('/slow', call(11)) + rawRequest('/mcp', call(12), ['origin: https://evil.example']) + rawRequest('/mcp', call(13));
    const { text, closed } = await exchange(bytes);
    expect(closed).toBe(true);
    const answered = text.indexOf('"id":11,');
    const refused = text.indexOf('HTTP/1.1 403');
    expect(answered).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(answered);
    expect(text.slice(refused)).toMatch(/\r\n\r\nmcpvet: refused: Origin "https:\/\/evil\.example" is not allowed[^\n]*\n$/);
    // Neither the refused request nor the one after it reached the server.
    expect(seen.slice(before).map((request) => JSON.parse(request.body).id)).toEqual([11]);
  });

  it('every request on a connection is judged: the same request with another token is refused', async () => {
    const before = seen.length;
    const token = new URL(cli.url).searchParams.get('mcpvet_token') as string;
    const wrong = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    const bytes = rawRequest('/mcp', call(14)) + rawRequest('/mcp', call(15)).replace(token, wrong);
    const { text, closed } = await exchange(bytes);
    expect(closed).toBe(true);
    expect(text.indexOf('"id":14,')).toBeGreaterThan(0);
    expect(text.indexOf('HTTP/1.1 401')).toBeGreaterThan(text.indexOf('"id":14,'));
    expect(seen.slice(before).map((request) => JSON.parse(request.body).id)).toEqual([14]);
    // An Origin header spelled like a missing one is still a foreign Origin.
    const odd = await exchange(rawRequest('/mcp', call(16)) + rawRequest('/mcp', call(17), ['origin: undefined']));
    expect(odd.text.indexOf('"id":16,')).toBeGreaterThan(0);
    expect(odd.text.indexOf('HTTP/1.1 403')).toBeGreaterThan(odd.text.indexOf('"id":16,'));
    expect(seen.slice(before).map((request) => JSON.parse(request.body).id)).toEqual([14, 16]);
    // Nor does a request that differs from a passed one only in its Content-Type or Host pass.
    const plain = rawRequest('/mcp', call(19)).replace('content-type: application/json', 'content-type: text/plain');
    const typed = await exchange(rawRequest('/mcp', call(18)) + plain);
    expect(typed.text.indexOf('HTTP/1.1 415')).toBeGreaterThan(typed.text.indexOf('"id":18,'));
    const host = new URL(cli.url).host;
    const elsewhere = await exchange(rawRequest('/mcp', call(20)) + rawRequest('/mcp', call(21)).replace(`host: ${host}`, 'host: evil.example'));
    expect(elsewhere.text.indexOf('HTTP/1.1 421')).toBeGreaterThan(elsewhere.text.indexOf('"id":20,'));
    expect(seen.slice(before).map((request) => JSON.parse(request.body).id)).toEqual([14, 16, 18, 20]);
  });

  it('a chunked request, first or after a forwarded one, is served (by node:http) on the same connection', async () => {
    const body = call(21);
    const chunked = (id: number) =>
      rawRequest('/mcp', '', ['transfer-encoding: chunked'])
        .replace(/content-length: 0\r\n/, '')
        .concat(`${Buffer.byteLength(call(id)).toString(16)}\r\n${call(id)}\r\n0\r\n\r\n`);
    const before = seen.length;
    const alone = await exchange(chunked(21), (got) => got.includes('"id":21,'));
    expect(alone.text).toMatch(/^HTTP\/1\.1 200/);
    expect(seen.at(-1)?.body).toBe(body);
    const mixed = await exchange(rawRequest('/slow', call(22)) + chunked(23), (got) => got.includes('"id":23,'));
    expect(mixed.text.indexOf('"id":22,')).toBeGreaterThan(0);
    expect(mixed.text.indexOf('"id":23,')).toBeGreaterThan(mixed.text.indexOf('"id":22,'));
    expect(seen.slice(before).map((request) => JSON.parse(request.body).id)).toEqual([21, 22, 23]);
    expect(seen.at(-1)?.url).toBe('/mcp?tenant=a');
  });

  it('a chunked request after an answer that came before its body ended: nothing of that body reaches another server connection', async () => {
    const { hostname, port } = new URL(cli.url);
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => {});
    const until = async (ready: () => boolean) => {
      const deadline = Date.now() + 5000;
      while (!ready() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(ready(), text.slice(0, 500)).toBe(true);
    };
    try {
      const early = rawRequest('/early', call(24));
      const half = early.length - 10;
      socket.write(early.slice(0, half));
      await until(() => text.includes('"id":"early"'));
      const chunked = rawRequest('/mcp', '', ['transfer-encoding: chunked'])
        .replace(/content-length: 0\r\n/, '')
        .concat(`${Buffer.byteLength(call(25)).toString(16)}\r\n${call(25)}\r\n0\r\n\r\n`);
      socket.write(early.slice(half) + chunked);
      await until(() => text.includes('"id":25,'));
      // Time for a stray answer from a second server connection to arrive, if one were opened.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(count(text, /HTTP\/1\.1 /)).toBe(2);
      expect(text).not.toMatch(/HTTP\/1\.1 4\d\d/);
    } finally {
      socket.destroy();
    }
  });

  it('an SSE answer flows event by event, and a client leaving mid-stream closes it at the server (cancellation)', async () => {
    sseClosed = undefined;
    const { hostname, port } = new URL(cli.url);
    const socket = connect(Number(port), hostname);
    let text = '';
    const firstEvent = new Promise<void>((resolve) =>
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
        if (text.includes('"n":1')) resolve();
      }),
    );
    socket.write(rawRequest('/sse', call(31)));
    await firstEvent; // the stream is still open at the server: the event came on its own
    expect(text).toMatch(/^HTTP\/1\.1 200[\s\S]*text\/event-stream/);
    expect(sseClosed).toBeDefined();
    socket.destroy();
    const ended = await Promise.race([sseClosed, new Promise((resolve) => setTimeout(() => resolve('still open'), 3000))]);
    expect(ended).toBe(false);
  });

  it('a request head over 64 KiB is refused with 431 and never forwarded', async () => {
    const before = seen.length;
    const { text, closed } = await exchange(rawRequest('/mcp', call(41), [`x-filler: ${'a'.repeat(70 * 1024)}`]));
    expect(text).toMatch(/^HTTP\/1\.1 431 /);
    expect(closed).toBe(true);
    expect(seen.length).toBe(before);
  });

  it('a body over the limit is refused with 413 from its length, and never forwarded', async () => {
    const before = seen.length;
    const head = rawRequest('/mcp', '').replace('content-length: 0', `content-length: ${17 * 1024 * 1024}`);
    const { text } = await exchange(`${head}{"jsonrpc":`, (got) => got.includes('too large'));
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(seen.length).toBe(before);
  });
});

describe('mcpvet proxy --listen, server unreachable', () => {
  it('answers 502 with one line', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const proxy = await startCli(['proxy', '--listen', '0', '--url', `http://127.0.0.1:${port}/mcp`]);
    try {
      const answer = await send(proxy.url, { headers: jsonHeaders(proxy.url), body: call(51) });
      expect(answer.status).toBe(502);
      expect(answer.body).toMatch(new RegExp(`^mcpvet: the server at http://127\\.0\\.0\\.1:${port} cannot be reached: ECONNREFUSED$`));
    } finally {
      await proxy.stop();
    }
  });
});
