/**
 * Tokens in a real OS keychain: a private D-Bus session with GNOME Keyring's Secret Service,
 * reached through libsecret's secret-tool, as on a Linux desktop. The login is the real flow
 * (oidc-provider, the notes server taking only its JWTs). Skipped where those tools are missing.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTES_SERVER } from '../helpers/paths.js';
import { closedPort, runCli, startHttpServer, stopChild, type RunningServer } from '../helpers/run.js';
import { type AuthServer, startAuthServer } from './authorization-server.js';
import { live, login } from './login-helper.js';

const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const HAS_KEYRING = process.platform === 'linux' && ['secret-tool', 'gnome-keyring-daemon', 'dbus-daemon'].every(has);

/**
 * A session bus of our own with a new keyring on it, unlocked, kept under `home` (never the user's
 * own keyrings). The daemon forks only once it is unlocked, so the keyring is ready when the
 * address is printed. Its own process group: stop() ends the bus, the keyring and the shell.
 */
async function startKeyring(home: string): Promise<{ address: string; stop(): Promise<void> }> {
  const env = { ...process.env, HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_RUNTIME_DIR: home };
  const script =
    'printf mcpvet-test-keyring | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; echo "$DBUS_SESSION_BUS_ADDRESS"; exec sleep 600';
  const session = spawn('dbus-run-session', ['--', 'sh', '-c', script], { env, detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the keyring session printed no bus address')), 15_000);
    session.stdout.once('data', (chunk: Buffer) => {
      clearTimeout(timer);
      resolve(chunk.toString().trim());
    });
  });
  return {
    address,
    async stop() {
      try {
        process.kill(-(session.pid as number), 'SIGTERM');
      } catch {
        // Already gone.
      }
      await stopChild(session as ChildProcess);
    },
  };
}

describe.skipIf(!HAS_KEYRING)('mcpvet auth with the tokens in the OS keychain (libsecret)', () => {
  let keyring: { address: string; stop(): Promise<void> };
  let as: AuthServer;
  let notes: RunningServer;
  let home: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'mcpvet-keychain-'));
    keyring = await startKeyring(home);
    const port = await closedPort();
    as = await startAuthServer({ preRegistered: { clientId: 'mcpvet-ci', redirectUri: `http://127.0.0.1:${port}/oauth/callback` } });
    notes = await startHttpServer(NOTES_SERVER, ['--auth-issuer', as.issuer]);
    env = { XDG_CONFIG_HOME: home, DISPLAY: '', WAYLAND_DISPLAY: '', DBUS_SESSION_BUS_ADDRESS: keyring.address };
    const result = await login(env, ['--url', notes.url, '--callback-port', String(port), '--client-id', 'mcpvet-ci']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('refused the tokens');
  }, 60_000);
  afterAll(async () => {
    for (const child of live) await stopChild(child);
    await notes?.stop();
    await as?.close();
    await keyring?.stop();
    rmSync(home, { recursive: true, force: true });
  });

  it('keeps the tokens in the keychain and none in the file; commands use them', async () => {
    const file = readFileSync(join(home, 'mcpvet', 'oauth-tokens.json'), 'utf8');
    const entry = Object.values(JSON.parse(file).servers)[0] as Record<string, unknown>;
    expect(entry).toMatchObject({ resource: notes.url, keychain: 'the keychain (libsecret)' });
    expect(entry.accessToken).toBeUndefined();
    expect(entry.refreshToken).toBeUndefined();
    const secrets = JSON.parse(
      execFileSync('secret-tool', ['lookup', 'service', 'mcpvet-oauth', 'resource', notes.url], {
        env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: keyring.address },
      }).toString(),
    );
    expect(secrets.accessToken).toMatch(/^ey/);
    expect(file).not.toContain(secrets.accessToken);

    const call = await runCli(['call', '--url', notes.url, '--method', 'tools/list', '--stored-auth-only'], { env });
    expect(call.code, call.stderr).toBe(0);
    const status = await runCli(['auth', 'status'], { env });
    expect(status.stdout).toContain('tokens: in the keychain (libsecret)');
    expect(status.stdout).not.toContain(secrets.accessToken);
  });

  it('MCPVET_TOKEN_STORE=file cannot read them (no silent fallback to nothing), and logout clears the keychain', async () => {
    const refused = await runCli(['call', '--url', notes.url, '--method', 'tools/list', '--stored-auth-only'], { env: { ...env, MCPVET_TOKEN_STORE: 'file' } });
    expect(refused.code).toBe(3);
    const logout = await runCli(['auth', 'logout', '--url', notes.url, '--no-revoke'], { env });
    expect(logout.code, logout.stderr).toBe(0);
    const lookup = spawnSync('secret-tool', ['lookup', 'service', 'mcpvet-oauth', 'resource', notes.url], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: keyring.address },
      encoding: 'utf8',
    });
    expect(lookup.stdout).toBe('');
  });
});
