/**
 * Every listening command (replay, proxy --listen, record --listen), run as the real CLI: what a web
 * page or a rebinding attack sends is refused before it reaches the upstream; a client using the
 * printed URL gets through, and the upstream sees the --url query string, never the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { startCli, tempDir, type Listening } from '../cassette/support.js';
import { jsonHeaders, LIST_TOOLS, send, startLoggingUpstream, writeTinyCassette, type LoggingUpstream } from './support.js';

let upstream: LoggingUpstream;
let dir: string;
beforeAll(async () => {
  upstream = await startLoggingUpstream();
  dir = tempDir();
});
afterAll(() => upstream.close());

const SECRET = 'Bearer operator-secret-4711';
const listeners: [string, (extra: string[]) => string[], boolean][] = [
  ['replay', (extra) => ['replay', writeTinyCassette(dir), '--listen', '0', ...extra], false],
  [
    'proxy --listen',
    (extra) => ['proxy', '--listen', '0', '--header', `Authorization: ${SECRET}`, '--url', `${upstream.url}/mcp?tenant=a&key=k%20v`, ...extra],
    true,
  ],
  [
    'record --listen',
    (extra) => [
      'record',
      '--listen',
      '0',
      '-o',
      join(dir, `rec-${Date.now()}.ndjson`),
      '--header',
      `Authorization: ${SECRET}`,
      '--url',
      `${upstream.url}/mcp?tenant=a&key=k%20v`,
      ...extra,
    ],
    true,
  ],
];

describe.each(listeners)('%s', (_name, args, forwards) => {
  let cli: Listening;
  let seen: number;
  beforeAll(async () => {
    cli = await startCli(args([]));
  });
  afterAll(() => cli.stop());
  const markUpstream = () => (seen = upstream.received.length);
  const upstreamGotNothing = () => expect(upstream.received.length).toBe(seen);

  it('prints a loopback URL with a token, and a client using it gets through', async () => {
    expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\?mcpvet_token=[\w-]{20,}$/);
    markUpstream();
    const answer = await send(cli.url, { headers: jsonHeaders(cli.url), body: LIST_TOOLS });
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ id: 1, result: { tools: [] } });
    if (!forwards) return upstreamGotNothing();
    const last = upstream.received.at(-1);
    // The --url query string reaches the server; the token does not; the operator's header does.
    expect(last?.url).toBe('/mcp?tenant=a&key=k%20v');
    expect(last?.headers.authorization).toBe(SECRET);
  });

  it('a foreign Origin is refused with 403 and one line', async () => {
    markUpstream();
    const answer = await send(cli.url, { headers: jsonHeaders(cli.url, { origin: 'https://evil.example' }), body: LIST_TOOLS });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatch(/^mcpvet: refused: Origin "https:\/\/evil\.example" is not allowed[^\n]*\n$/);
    upstreamGotNothing();
  });

  it('a loopback Origin on another port is refused; the listener own origin is not', async () => {
    markUpstream();
    const other = await send(cli.url, { headers: jsonHeaders(cli.url, { origin: 'http://localhost:6274' }), body: LIST_TOOLS });
    expect(other.status).toBe(403);
    upstreamGotNothing();
    const own = await send(cli.url, { headers: jsonHeaders(cli.url, { origin: new URL(cli.url).origin }), body: LIST_TOOLS });
    expect(own.status).toBe(200);
  });

  it('a Host that is not the listener (DNS rebinding) is refused with 421', async () => {
    markUpstream();
    const port = new URL(cli.url).port;
    for (const host of ['attacker.example', `attacker.example:${port}`, '127.0.0.1:1', `127.0.0.2:${port}`]) {
      const answer = await send(cli.url, { headers: jsonHeaders(cli.url, { host }), body: LIST_TOOLS });
      expect(answer.status, host).toBe(421);
    }
    upstreamGotNothing();
    for (const host of [`localhost:${port}`, `[::1]:${port}`])
      expect((await send(cli.url, { headers: jsonHeaders(cli.url, { host }), body: LIST_TOOLS })).status, host).toBe(200);
  });

  it('a missing or wrong token is refused with 401', async () => {
    markUpstream();
    const bare = cli.url.replace(/\?.*$/, '');
    const missing = await send(bare, { headers: jsonHeaders(bare), body: LIST_TOOLS });
    expect(missing.status).toBe(401);
    expect(missing.body).toContain('lacks ?mcpvet_token=');
    const token = new URL(cli.url).searchParams.get('mcpvet_token') as string;
    const wrongUrl = `${bare}?mcpvet_token=${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    expect((await send(wrongUrl, { headers: jsonHeaders(wrongUrl), body: LIST_TOOLS })).status).toBe(401);
    const twice = `${cli.url}&mcpvet_token=other`;
    expect((await send(twice, { headers: jsonHeaders(twice), body: LIST_TOOLS })).status).toBe(401);
    upstreamGotNothing();
  });

  it('a text/plain body (a cross-site form post) is refused with 415', async () => {
    markUpstream();
    const answer = await send(cli.url, { headers: jsonHeaders(cli.url, { 'content-type': 'text/plain' }), body: LIST_TOOLS });
    expect(answer.status).toBe(415);
    upstreamGotNothing();
  });

  it("the issue's attack (text/plain, foreign Origin and Host, right port) never reaches the server", async () => {
    markUpstream();
    const answer = await send(cli.url, {
      headers: { host: 'attacker.example', origin: 'http://attacker.example', 'content-type': 'text/plain;charset=UTF-8' },
      body: LIST_TOOLS,
    });
    expect([403, 421]).toContain(answer.status);
    upstreamGotNothing();
    expect(cli.stderr()).toContain('mcpvet: refused:');
  });
});

describe.each(listeners)('%s --no-auth-token', (_name, args) => {
  let cli: Listening;
  beforeAll(async () => {
    cli = await startCli(args(['--no-auth-token']));
  });
  afterAll(() => cli.stop());

  it('prints a URL without a token and serves requests without one; Origin and Host are still checked', async () => {
    expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect((await send(cli.url, { headers: jsonHeaders(cli.url), body: LIST_TOOLS })).status).toBe(200);
    expect((await send(cli.url, { headers: jsonHeaders(cli.url, { origin: 'https://evil.example' }), body: LIST_TOOLS })).status).toBe(403);
    expect((await send(cli.url, { headers: jsonHeaders(cli.url, { host: 'attacker.example' }), body: LIST_TOOLS })).status).toBe(421);
  });
});
