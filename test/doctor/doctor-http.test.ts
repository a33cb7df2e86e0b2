/** `mcpvet doctor --url` against real HTTP servers on 127.0.0.1. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, NOTES_SERVER } from '../helpers/paths.js';
import { notesTokens } from '../helpers/tokens.js';
import { closedPort, type RunningServer, startHttpServer, startListening } from '../helpers/run.js';
import { doctor, failed, itemOf } from './helpers.js';

describe('mcpvet doctor over HTTP', () => {
  const servers: RunningServer[] = [];
  let notes: RunningServer;
  let auth: RunningServer;
  let anyOrigin: RunningServer;
  let clientInfo: RunningServer;
  let nameHeader: RunningServer;
  let noChallenge: RunningServer;
  let ownOrigin: RunningServer;
  beforeAll(async () => {
    [notes, auth, anyOrigin, clientInfo, nameHeader, noChallenge, ownOrigin] = await Promise.all([
      startHttpServer(),
      startListening([fixture('auth-required-server')]),
      startHttpServer(fixture('http-any-origin')),
      startListening([fixture('doctor-requires-client-info'), '--http']),
      startHttpServer(fixture('doctor-requires-name-header')),
      startHttpServer(fixture('auth-no-challenge'), ['--auth']),
      startHttpServer(fixture('doctor-refuses-own-origin')),
    ]);
    servers.push(notes, auth, anyOrigin, clientInfo, nameHeader, noChallenge, ownOrigin);
  });
  afterAll(() => Promise.all(servers.map((server) => server.stop())));

  it('the example server: every item ✓ and exit 0', async () => {
    const { run, json } = await doctor(['--url', notes.url]);
    expect(json.transport).toBe('http');
    expect(failed(json), run.stdout).toEqual([]);
    expect(
      json.items.every((entry) => entry.status === 'pass'),
      run.stdout,
    ).toBe(true);
    expect(json.items.map((entry) => entry.id)).toEqual([
      'http.reachable',
      'http.auth',
      'http.origin',
      'era.discover',
      'era.initialize',
      'era.versions',
      'era.request',
    ]);
    expect(itemOf(json, 'http.origin').evidence).toContain('got 403');
    expect(run.code).toBe(0);
  });

  it('a 401 asking for a login: http.auth warns, saying what WWW-Authenticate asks for (resource_metadata, scope), with the curl command', async () => {
    const { run, json } = await doctor(['--url', auth.url]);
    expect(itemOf(json, 'http.reachable').status).toBe('pass');
    const item = itemOf(json, 'http.auth');
    expect(item.status, run.stdout).toBe('warn');
    expect(item.evidence).toContain('HTTP 401');
    expect(item.evidence).toContain('resource_metadata=http://127.0.0.1/.well-known/oauth-protected-resource');
    expect(item.evidence).toContain('scope="notes:read"');
    expect(item.evidence).toContain('mcpvet sent no credentials');
    expect(item.evidence).toContain('a host that supports MCP authorization will ask you to log in');
    expect(item.fix).toContain(`mcpvet auth login --url ${auth.url}`);
    expect(item.fix).toContain('with scope "notes:read"');
    expect(item.curl).toMatch(/^curl .*-X POST/);
    expect(itemOf(json, 'http.origin').status).toBe('skip');
    expect(failed(json), run.stdout).toEqual([]);
    expect(run.code).toBe(0);
  });

  it('a 401 that names no resource metadata: http.auth ✗, as no host can find where to log in', async () => {
    const { run, json } = await doctor(['--url', noChallenge.url]);
    const item = itemOf(json, 'http.auth');
    expect(item.status, run.stdout).toBe('fail');
    expect(item.evidence).toContain('HTTP 401');
    expect(run.code).toBe(2);
  });

  it("the server's own Origin refused: http.origin warns (local hosts send no Origin)", async () => {
    const { run, json } = await doctor(['--url', ownOrigin.url]);
    const item = itemOf(json, 'http.origin');
    expect(item.status, run.stdout).toBe('warn');
    expect(item.evidence).toContain("(the server's own) got 403");
    expect(run.code).toBe(0);
  });

  it('a foreign Origin served: http.origin warns (exit 0)', async () => {
    const { run, json } = await doctor(['--url', anyOrigin.url]);
    const item = itemOf(json, 'http.origin');
    expect(item.status, run.stdout).toBe('warn');
    expect(item.evidence).toContain('not 403');
    expect(item.curl).toContain("'origin: https://mcpvet-foreign-origin.example");
    expect(run.code).toBe(0);
  });

  it('a missing _meta key over HTTP: era.request ✗ names the key, with the curl command that reproduces it', async () => {
    const { run, json } = await doctor(['--url', clientInfo.url]);
    const item = itemOf(json, 'era.request');
    expect(item.status, run.stdout).toBe('fail');
    expect(item.evidence).toContain('for lack of the _meta key io.modelcontextprotocol/clientInfo');
    expect(item.evidence).toContain('HTTP 400');
    expect(item.curl).toContain('io.modelcontextprotocol/clientCapabilities');
    expect(item.curl).not.toContain('io.modelcontextprotocol/clientInfo');
    expect(run.code).toBe(2);
  });

  it('a header the server wrongly requires: era.discover ✗ names Mcp-Name, with the curl command', async () => {
    const { run, json } = await doctor(['--url', nameHeader.url]);
    const item = itemOf(json, 'era.discover');
    expect(item.status, run.stdout).toBe('fail');
    expect(item.evidence).toContain('for lack of the header Mcp-Name');
    expect(item.evidence).toContain('HTTP 400 with error -32020');
    expect(item.curl).toContain("-H 'mcp-method: server/discover'");
    expect(run.code).toBe(2);
  });

  it('nothing listening: http.reachable ✗', async () => {
    const { run, json } = await doctor(['--url', `http://127.0.0.1:${await closedPort()}/mcp`, '--timeout', '3000']);
    const item = itemOf(json, 'http.reachable');
    expect(item.status, run.stdout).toBe('fail');
    expect(item.evidence).toContain('cannot be reached');
    expect(run.code).toBe(2);
  });
});

describe('mcpvet doctor over HTTP, a server that requires a token', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startHttpServer(NOTES_SERVER, ['--auth']);
  });
  afterAll(() => server.stop());

  it('a valid token in --header: http.auth ✓, every item ✓, the token never printed', async () => {
    const token = notesTokens(server.url).full;
    const { run, json } = await doctor(['--url', server.url, '--header', `Authorization: Bearer ${token}`]);
    expect(failed(json), run.stdout).toEqual([]);
    expect(itemOf(json, 'http.auth').evidence).toContain('the Authorization header given was accepted');
    expect(run.stdout).not.toContain(token);
    expect(run.code).toBe(0);
  });

  it('an expired token: http.auth ✗ says the header was refused and what the challenge says', async () => {
    const token = notesTokens(server.url).expired;
    const { run, json } = await doctor(['--url', server.url, '--header', `Authorization: Bearer ${token}`]);
    const item = itemOf(json, 'http.auth');
    expect(item.status, run.stdout).toBe('fail');
    expect(item.evidence).toContain('HTTP 401');
    expect(item.evidence).toContain('the Authorization header given was refused');
    expect(item.evidence).toContain('error=invalid_token');
    expect(item.evidence).toContain('resource_metadata=');
    expect(run.stdout).not.toContain(token);
    expect(run.code).toBe(2);
  });
});
