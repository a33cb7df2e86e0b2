/**
 * `mcpvet auth` end to end: a real authorization server (oidc-provider, in this process), the
 * notes server accepting only its JWTs (`--auth-issuer`), and the real CLI as child processes
 * without a terminal. The browser is scripted (authorization-server.ts): it follows the URL the
 * CLI prints, logs in, consents and lands on the loopback callback.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLI, NOTES_SERVER } from '../helpers/paths.js';
import { closedPort, runCli, startHttpServer, stopChild, type RunningServer } from '../helpers/run.js';
import { type AuthServer, scriptedBrowser, startAuthServer } from './authorization-server.js';
import { live, login } from './login-helper.js';

interface StoredEntry {
  resource: string;
  accessToken: string;
  refreshToken?: string;
  clientId: string;
  scope: string;
  expiresAt?: number;
}

/** A store file's text with every access token marked expired, so the next use must refresh. */
function expiredCopy(text: string): string {
  const store = JSON.parse(text);
  for (const entry of Object.values(store.servers) as StoredEntry[]) entry.expiresAt = Date.now() - 1000;
  return JSON.stringify(store);
}

function envelope(stderr: string): { code: string; message: string } {
  const line = stderr.trim().split('\n').pop() as string;
  return JSON.parse(line).error;
}

describe('mcpvet auth against oidc-provider and the notes server (--auth-issuer)', () => {
  let as: AuthServer;
  let notes: RunningServer;
  let env: Record<string, string>;
  let home: string;
  let port: number;
  const storeFile = () => join(home, 'mcpvet', 'oauth-tokens.json');
  const stored = (): StoredEntry => Object.values(JSON.parse(readFileSync(storeFile(), 'utf8')).servers)[0] as StoredEntry;
  const loginArgs = () => ['--url', notes.url, '--callback-port', String(port)];

  beforeAll(async () => {
    port = await closedPort();
    as = await startAuthServer({ preRegistered: { clientId: 'mcpvet-ci', redirectUri: `http://127.0.0.1:${port}/oauth/callback` } });
    notes = await startHttpServer(NOTES_SERVER, ['--auth-issuer', as.issuer]);
  });
  afterAll(async () => {
    await notes?.stop();
    await as?.close();
  });
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'mcpvet-oauth-'));
    // No display: the URL is only printed. The token store goes under this folder.
    env = { XDG_CONFIG_HOME: home, DISPLAY: '', WAYLAND_DISPLAY: '', MCPVET_TOKEN_STORE: 'file' };
  });
  afterEach(async () => {
    for (const child of live) await stopChild(child);
    live.clear();
    as.setAccessTokenTtl(3600);
    rmSync(home, { recursive: true, force: true });
  });

  it('logs in through the browser: discovery, dynamic registration, PKCE, resource; the store is 0600 and status shows no token', async () => {
    const registrations = as.registrations;
    const result = await login(env, loginArgs());
    expect(result.code, result.stderr).toBe(0);
    expect(result.browser?.status).toBe(200);
    expect(as.registrations).toBe(registrations + 1);
    const authorize = new URL(result.url);
    expect(authorize.origin).toBe(as.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('resource')).toBe(notes.url);
    expect(authorize.searchParams.get('scope')).toBe('notes:read'); // the 401 challenge's scope
    expect(authorize.searchParams.get('redirect_uri')).toBe(`http://127.0.0.1:${port}/oauth/callback`);

    expect(statSync(storeFile()).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, 'mcpvet')).mode & 0o777).toBe(0o700);
    const entry = stored();
    expect(entry.resource).toBe(notes.url);
    expect(entry.scope).toBe('notes:read');
    // A JWT for this endpoint: the audience is the resource asked for.
    const claims = JSON.parse(Buffer.from(entry.accessToken.split('.')[1] as string, 'base64url').toString());
    expect(claims.aud).toBe(notes.url);
    expect(entry.refreshToken).toBeTruthy();
    expect(result.stderr).not.toContain(entry.accessToken);

    const status = await runCli(['auth', 'status'], { env });
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain(notes.url);
    expect(status.stdout).toContain('scopes: notes:read');
    expect(status.stdout).toMatch(/expires \d{4}-\d\d-\d\dT/);
    for (const secret of [entry.accessToken, entry.refreshToken as string]) {
      expect(status.stdout + status.stderr).not.toContain(secret);
      expect(status.stdout).not.toContain(secret.slice(0, 20));
    }
    const json = await runCli(['auth', 'status', '--format', 'json'], { env });
    const servers = JSON.parse(json.stdout).servers;
    expect(servers).toEqual([expect.objectContaining({ url: notes.url, scopes: ['notes:read'], expired: false, refreshable: true, issuer: as.issuer })]);
    expect(json.stdout).not.toContain(entry.accessToken);
  });

  it('a pre-registered --client-id is used as is (no registration); an unknown one never comes back', async () => {
    const registrations = as.registrations;
    const result = await login(env, [...loginArgs(), '--client-id', 'mcpvet-ci']);
    expect(result.code, result.stderr).toBe(0);
    expect(stored().clientId).toBe('mcpvet-ci');
    expect(as.registrations).toBe(registrations);

    rmSync(storeFile());
    const unknown = await login(env, [...loginArgs(), '--client-id', 'nobody-registered-this', '--wait', '2000'], (url) =>
      scriptedBrowser(url).catch(() => undefined),
    );
    expect(unknown.code).toBe(3);
    expect(unknown.browser).toBeUndefined(); // the AS showed an error page instead of redirecting
    expect(() => statSync(storeFile())).toThrow();
  });

  it('a token store others can read is narrowed to 0600 before use', async () => {
    expect((await login(env, loginArgs())).code).toBe(0);
    chmodSync(storeFile(), 0o644);
    const status = await runCli(['auth', 'status'], { env });
    expect(status.code).toBe(0);
    expect(statSync(storeFile()).mode & 0o777).toBe(0o600);
  });

  it('a damaged token store is one clear line, never a stack', async () => {
    mkdirSync(join(home, 'mcpvet'), { recursive: true });
    writeFileSync(storeFile(), '{ not json', { mode: 0o600 });
    const status = await runCli(['auth', 'status'], { env });
    expect(status.code).toBe(1);
    expect(status.stderr.trim().split('\n')).toEqual([expect.stringMatching(/is not valid JSON; delete it and log in again$/)]);
    const call = await runCli(['call', '--url', notes.url, '--method', 'tools/list'], { env });
    expect(call.code).toBe(3);
    expect(call.stderr).toContain('is not valid JSON');
    expect(call.stderr).not.toMatch(/\n\s+at /);
  });

  it('with a display the URL goes to xdg-open as one argument (and is printed too); without one, or with --no-browser, nothing is opened', async () => {
    const bin = join(home, 'bin');
    mkdirSync(bin);
    const opened = join(home, 'opened.txt');
    // A stand-in for xdg-open: it records its arguments, one per line.
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> '${opened}'; done\n`, { mode: 0o755 });
    const path = `${bin}:${process.env.PATH}`;
    const withDisplay = { ...env, DISPLAY: ':99', PATH: path };
    const child = spawn(process.execPath, [CLI, 'auth', 'login', '--wait', '15000', ...loginArgs()], {
      env: { ...process.env, ...withDisplay },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    live.add(child);
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const deadline = Date.now() + 10_000;
    // The stand-in may write its file before mcpvet's line saying so reaches the pipe: wait for both.
    const browserAsked = () => existsSync(opened) && stderr.includes('(a browser was asked to open it)');
    while (!browserAsked() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const args = readFileSync(opened, 'utf8').trim().split('\n');
    expect(args).toHaveLength(1);
    expect(args[0]).toBe(/^ {2}(http:\/\/\S+)$/m.exec(stderr)?.[1]);
    expect(stderr).toContain('(a browser was asked to open it)');
    expect((await scriptedBrowser(args[0] as string)).status).toBe(200);
    expect(await exited).toBe(0);

    rmSync(opened);
    rmSync(storeFile());
    for (const [extra, flags] of [
      [{ DISPLAY: '', PATH: path }, []],
      [{ DISPLAY: ':99', PATH: path }, ['--no-browser']],
    ] as const) {
      const run = await login({ ...env, ...extra }, [...flags, ...loginArgs()]);
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(opened)).toBe(false);
      expect(run.stderr).not.toContain('a browser was asked');
    }
  });

  it('refuses an authorization response whose state is not the one sent, and the login goes on to the real one', async () => {
    let forgedStatus: number | undefined;
    const result = await login(env, loginArgs(), async (url) => {
      // Any page can send the browser to the callback: that must not end the login in progress.
      const forged = new URL(url);
      forged.searchParams.set('state', 'forged-state-value');
      forgedStatus = (await scriptedBrowser(forged.href))?.status;
      return scriptedBrowser(url);
    });
    expect(forgedStatus).toBe(400);
    expect(result.code, result.stderr).toBe(0);
    expect(result.browser?.status).toBe(200);
    expect(statSync(storeFile()).isFile()).toBe(true);
  });

  it('gives up after --wait when only responses with another state arrive, and stores nothing', async () => {
    const result = await login(env, [...loginArgs(), '--wait', '2000'], (url) => {
      const forged = new URL(url);
      forged.searchParams.set('state', 'forged-state-value');
      return scriptedBrowser(forged.href);
    });
    expect(result.code).toBe(3);
    expect(result.browser?.status).toBe(400);
    expect(result.stderr).toMatch(/no authorization response for this login .* \(1 request\(s\) with another state were refused\)/);
    expect(() => statSync(storeFile())).toThrow();
  });

  it('the callback answers only on 127.0.0.1 with its own Host, and the login gives up after --wait', async () => {
    const child = spawn(process.execPath, [CLI, 'auth', 'login', '--no-browser', '--wait', '1500', ...loginArgs()], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    live.add(child);
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    while (!stderr.includes('Waiting for')) await new Promise((resolve) => setTimeout(resolve, 50));
    // A page whose name resolves to 127.0.0.1 (DNS rebinding) reaches the port with its own Host.
    const { request } = await import('node:http');
    const status = await new Promise<number | undefined>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/oauth/callback?code=x&state=y', headers: { host: `evil.example:${port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', () => resolve(undefined));
      req.end();
    });
    expect(status).toBe(421);
    expect(await exited).toBe(3);
    expect(stderr).toContain('no authorization response for this login reached the callback within 2 s');
  });

  it('call and check use the stored token; without it the server refuses (exit 3)', async () => {
    const none = await runCli(['call', '--url', notes.url, '--method', 'tools/list'], { env });
    expect(none.code).toBe(3);
    expect(envelope(none.stderr).code).toBe('auth_required');
    expect(envelope(none.stderr).message).toContain(`log in with \`mcpvet auth login --url ${notes.url}\``);

    expect((await login(env, loginArgs())).code).toBe(0);
    const list = await runCli(['call', '--url', notes.url, '--method', 'tools/list'], { env });
    expect(list.code, list.stderr).toBe(0);
    const names = (JSON.parse(list.stdout).result.tools as { name: string }[]).map((tool) => tool.name);
    expect(names).toContain('list_notes');
    expect(names).not.toContain('export_notes'); // notes:read only

    const check = await runCli(['check', '--url', notes.url, '--only', 'tools.list-shape', '--format', 'json'], { env, timeoutMs: 60_000 });
    expect(check.code, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout).results).toEqual([expect.objectContaining({ id: 'tools.list-shape', status: 'pass' })]);
    expect(check.stdout + check.stderr).not.toContain(stored().accessToken);

    // A header the user gives wins over the stored token.
    const theirs = await runCli(['call', '--url', notes.url, '--method', 'tools/list', '--header', 'Authorization: Bearer not-a-valid-token'], { env });
    expect(theirs.code).toBe(3);
  });

  it('a stored token is not sent to a --replica on another origin; --stored-auth-only asks for its own login', async () => {
    expect((await login(env, loginArgs())).code).toBe(0);
    const seen: string[] = [];
    const { createServer } = await import('node:http');
    const replica = createServer((req, res) => {
      seen.push(req.headers.authorization ?? '');
      req.resume();
      res.writeHead(401, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => replica.listen(0, '127.0.0.1', resolve));
    const replicaUrl = `http://127.0.0.1:${(replica.address() as { port: number }).port}/mcp`;
    try {
      const args = ['load', '--url', notes.url, '--replica', replicaUrl, '--method', 'tools/list', '--vus', '1', '--duration', '500ms', '--no-progress'];
      await runCli(args, { env, timeoutMs: 30_000 });
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.some((header) => header.includes(stored().accessToken))).toBe(false);
      const strict = await runCli([...args, '--stored-auth-only'], { env, timeoutMs: 30_000 });
      expect(strict.code).toBe(3);
      expect(strict.stderr).toContain(`mcpvet auth login --url ${replicaUrl}`);
    } finally {
      replica.close();
      replica.closeAllConnections();
    }
  });

  it('an expired access token is refreshed before use; the old one is refused by the server', async () => {
    as.setAccessTokenTtl(2);
    expect((await login(env, loginArgs())).code).toBe(0);
    as.setAccessTokenTtl(3600);
    const before = stored();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const old = await runCli(['call', '--url', notes.url, '--method', 'tools/list', '--header', `Authorization: Bearer ${before.accessToken}`], { env });
    expect(old.code).toBe(3);
    expect(old.stderr).not.toContain(before.accessToken);

    const refreshesBefore = as.tokenRequests.filter((grant) => grant === 'refresh_token').length;
    const list = await runCli(['call', '--url', notes.url, '--method', 'tools/list'], { env });
    expect(list.code, list.stderr).toBe(0);
    expect(as.tokenRequests.filter((grant) => grant === 'refresh_token').length).toBe(refreshesBefore + 1);
    const after = stored();
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken); // rotated
    expect(after.expiresAt! - Date.now()).toBeGreaterThan(3000_000);

    // Without a refresh token an expired token is not sent: a warning, then the server's 401.
    const store = JSON.parse(readFileSync(storeFile(), 'utf8'));
    for (const entry of Object.values(store.servers) as StoredEntry[]) {
      entry.expiresAt = Date.now() - 1000;
      delete entry.refreshToken;
    }
    writeFileSync(storeFile(), JSON.stringify(store));
    const dead = await runCli(['call', '--url', notes.url, '--method', 'tools/list'], { env });
    expect(dead.code).toBe(3);
    expect(dead.stderr).toContain('the stored token expired and there is no refresh token');
  });

  it('a stored token the server refuses before its known expiry is refreshed once and the call retried', async () => {
    expect((await login(env, loginArgs())).code).toBe(0);
    const store = JSON.parse(readFileSync(storeFile(), 'utf8'));
    const entry = Object.values(store.servers)[0] as StoredEntry;
    // Still "valid" by its expiry, but not a token the server accepts (as when it was revoked).
    entry.accessToken = `${entry.accessToken.slice(0, -8)}AAAAAAAA`;
    writeFileSync(storeFile(), JSON.stringify(store));
    const list = await runCli(['call', '--url', notes.url, '--method', 'tools/list'], { env });
    expect(list.code, list.stderr).toBe(0);
    expect(stored().accessToken).not.toBe(entry.accessToken);

    // The refresh token is spent too: one 401, no loop, the login command named.
    const again = JSON.parse(readFileSync(storeFile(), 'utf8'));
    for (const value of Object.values(again.servers) as StoredEntry[]) {
      value.accessToken = `${value.accessToken.slice(0, -8)}AAAAAAAA`;
      value.refreshToken = 'a-refresh-token-the-authorization-server-never-issued';
    }
    writeFileSync(storeFile(), JSON.stringify(again));
    const refused = await runCli(['call', '--url', notes.url, '--method', 'tools/list'], { env });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('the server refused the stored token, and the refresh of the stored token failed');
    expect(envelope(refused.stderr).message).toContain('log in with `mcpvet auth login');
    expect(refused.stderr).not.toContain('a-refresh-token-the-authorization-server-never-issued');
  });

  it('--stored-auth-only without a stored token exits 3 (auth_required) at once; with one it runs; logout removes it', async () => {
    for (const command of [
      ['call', '--method', 'tools/list'],
      ['check', '--only', 'tools.list-shape'],
    ]) {
      const started = Date.now();
      const run = await runCli([...command, '--url', notes.url, '--stored-auth-only'], { env });
      expect(run.code, run.stderr).toBe(3);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(run.stderr).toContain('--stored-auth-only never starts a login');
    }
    expect(envelope((await runCli(['call', '--method', 'tools/list', '--url', notes.url, '--stored-auth-only'], { env })).stderr).code).toBe('auth_required');

    expect((await login(env, loginArgs())).code).toBe(0);
    const withToken = await runCli(['call', '--method', 'tools/list', '--url', notes.url, '--stored-auth-only'], { env });
    expect(withToken.code, withToken.stderr).toBe(0);

    const kept = readFileSync(storeFile(), 'utf8');
    const logout = await runCli(['auth', 'logout', '--url', notes.url], { env });
    expect(logout.code, logout.stderr).toBe(0);
    expect(logout.stderr).toContain(`revoked the tokens of ${notes.url} at ${as.issuer}`);
    const status = await runCli(['auth', 'status', '--url', notes.url], { env });
    expect(status.code).toBe(3);
    expect(status.stdout).toContain('no stored token');
    expect(readFileSync(storeFile(), 'utf8')).not.toContain('accessToken');
    const after = await runCli(['call', '--method', 'tools/list', '--url', notes.url, '--stored-auth-only'], { env });
    expect(after.code).toBe(3);

    // The logout revoked the refresh token at the issuer: a copy kept from before cannot be refreshed.
    // (The JWT access token itself stays valid until it expires: the server checks it locally.)
    writeFileSync(storeFile(), expiredCopy(kept));
    const copy = await runCli(['call', '--method', 'tools/list', '--url', notes.url], { env });
    expect(copy.code).toBe(3);
    expect(copy.stderr).toContain('the refresh of the stored token failed');
  });

  it('logout --no-revoke only forgets: a copy kept from before still works', async () => {
    expect((await login(env, loginArgs())).code).toBe(0);
    const kept = readFileSync(storeFile(), 'utf8');
    const logout = await runCli(['auth', 'logout', '--all', '--no-revoke'], { env });
    expect(logout.code, logout.stderr).toBe(0);
    expect(logout.stderr).not.toContain('revoked');
    expect(JSON.parse(readFileSync(storeFile(), 'utf8')).servers).toEqual({});
    writeFileSync(storeFile(), expiredCopy(kept));
    const copy = await runCli(['call', '--method', 'tools/list', '--url', notes.url], { env });
    expect(copy.code, copy.stderr).toBe(0);
  });

  it('a tool needing a higher scope: 403 insufficient_scope fails with exit 3 naming the scope; a login with --scope steps up', async () => {
    expect((await login(env, loginArgs())).code).toBe(0);
    const exportCall = ['call', '--url', notes.url, '--method', 'tools/call', '--tool-name', 'export_notes', '--tool-arg', 'workspace=team'];
    const refused = await runCli(exportCall, { env });
    expect(refused.code).toBe(3);
    const error = envelope(refused.stderr);
    expect(error.code).toBe('auth_required');
    expect(error.message).toContain('needs scope "notes:read notes:export"');
    expect(error.message).toContain('--scope "notes:read notes:export"');

    const registrations = as.registrations;
    const stepUp = await login(env, [...loginArgs(), '--scope', 'notes:read notes:export']);
    expect(stepUp.code, stepUp.stderr).toBe(0);
    expect(as.registrations).toBe(registrations); // the client registered at the first login is reused
    expect(stored().scope.split(' ').sort()).toEqual(['notes:export', 'notes:read']);
    const allowed = await runCli(exportCall, { env });
    expect(allowed.code, allowed.stderr).toBe(0);
  });

  it('bad input: one line, no stack', async () => {
    for (const [args, pattern] of [
      [['auth', 'login'], /auth login needs --url/],
      [['auth', 'login', '--url', 'ftp://x'], /--url must be an http/],
      [['auth', 'login', '--url', 'http://127.0.0.1:1/mcp', '--callback-port', '70000'], /--callback-port takes a port/],
      [['auth', 'logout', '--url', 'http://127.0.0.1:1/mcp', '--all'], /not both/],
    ] as const) {
      const run = await runCli([...args], { env });
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(pattern);
    }
    const unreachable = await runCli(['auth', 'login', '--url', `http://127.0.0.1:${await closedPort()}/mcp`, '--no-browser'], { env });
    expect(unreachable.code).toBe(4);
    expect(unreachable.stderr).toContain('connection refused');
  });
});
