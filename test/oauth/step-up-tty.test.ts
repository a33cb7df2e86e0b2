/**
 * The prompts on a terminal: `call` of a tool whose scope the stored token lacks gets 403
 * insufficient_scope; in a pseudo-terminal (node-pty) mcpvet asks
 * `Proceed with step-up authorization? [y/N]`, and on "y" logs in again for the union of the scopes
 * (the scripted browser plays the person) and retries the call; on "n" it fails with exit 3. A 401
 * without a stored token offers a login the same way (never with --stored-auth-only).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type IPty, spawn as spawnPty } from 'node-pty';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, NOTES_SERVER } from '../helpers/paths.js';
import { closedPort, runProcess, startHttpServer, type RunningServer } from '../helpers/run.js';
import { type AuthServer, scriptedBrowser, startAuthServer } from './authorization-server.js';

/** A CLI run in a pseudo-terminal: its output so far, and a wait for a pattern in it. */
function inTerminal(args: string[], env: Record<string, string>) {
  const pty: IPty = spawnPty(process.execPath, [CLI, ...args], { cols: 2000, rows: 50, env: { ...process.env, ...env } as Record<string, string> });
  let output = '';
  pty.onData((data) => (output += data));
  const exited = new Promise<number>((resolve) => pty.onExit(({ exitCode }) => resolve(exitCode)));
  return {
    pty,
    exited,
    output: () => output,
    async waitFor(pattern: RegExp, ms = 15_000): Promise<RegExpExecArray> {
      const deadline = Date.now() + ms;
      for (;;) {
        const match = pattern.exec(output);
        if (match) return match;
        if (Date.now() > deadline) throw new Error(`no ${pattern} within ${ms} ms; the terminal shows:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

describe('logins offered on a terminal: step-up and 401', () => {
  let as: AuthServer;
  let notes: RunningServer;
  let home: string;
  let env: Record<string, string>;
  let port: number;
  const ptys: IPty[] = [];

  beforeAll(async () => {
    as = await startAuthServer();
    notes = await startHttpServer(NOTES_SERVER, ['--auth-issuer', as.issuer]);
    port = await closedPort();
  });
  afterAll(async () => {
    await notes?.stop();
    await as?.close();
  });
  afterEach(() => {
    for (const pty of ptys.splice(0)) {
      try {
        pty.kill('SIGKILL');
      } catch {
        // Gone.
      }
    }
    rmSync(home, { recursive: true, force: true });
  });

  async function loginReadOnly(): Promise<void> {
    home = mkdtempSync(join(tmpdir(), 'mcpvet-oauth-tty-'));
    env = { XDG_CONFIG_HOME: home, DISPLAY: '', WAYLAND_DISPLAY: '', MCPVET_TOKEN_STORE: 'file' };
    const login = inTerminal(['auth', 'login', '--url', notes.url, '--callback-port', String(port), '--no-browser', '--wait', '15000'], env);
    ptys.push(login.pty);
    const [, url] = await login.waitFor(/^ {2}(http:\/\/\S+)\r?$/m);
    await scriptedBrowser(url as string);
    expect(await login.exited, login.output()).toBe(0);
  }

  const exportCall = () => ['call', '--url', notes.url, '--method', 'tools/call', '--tool-name', 'export_notes', '--tool-arg', 'workspace=team'];

  it('asks, logs in with the union of the scopes, and the retried call succeeds', async () => {
    await loginReadOnly();
    const call = inTerminal(exportCall(), env);
    ptys.push(call.pty);
    await call.waitFor(/Proceed with step-up authorization\? \[y\/N\]/);
    expect(call.output()).toContain('needs scope "notes:read notes:export"');
    call.pty.write('y\r');
    const [, url] = await call.waitFor(/^ {2}(http:\/\/\S+)\r?$/m);
    expect(new URL(url as string).searchParams.get('scope')?.split(' ').sort()).toEqual(['notes:export', 'notes:read']);
    const browser = await scriptedBrowser(url as string);
    expect(browser.status).toBe(200);
    expect(await call.exited, call.output()).toBe(0);
    expect(call.output()).toContain('"result"');
    const entry = Object.values(JSON.parse(readFileSync(join(home, 'mcpvet', 'oauth-tokens.json'), 'utf8')).servers)[0] as { scope: string };
    expect(entry.scope.split(' ').sort()).toEqual(['notes:export', 'notes:read']);
  });

  it('a 401 with no stored token offers a login on a terminal; "y" logs in and the call runs', async () => {
    home = mkdtempSync(join(tmpdir(), 'mcpvet-oauth-tty-'));
    env = { XDG_CONFIG_HOME: home, DISPLAY: '', WAYLAND_DISPLAY: '', MCPVET_TOKEN_STORE: 'file' };
    const call = inTerminal(['call', '--url', notes.url, '--method', 'tools/list'], env);
    ptys.push(call.pty);
    await call.waitFor(/requires authorization \(HTTP 401\)\.[\s\S]*Log in now\? \[y\/N\]/);
    call.pty.write('y\r');
    const [, url] = await call.waitFor(/^ {2}(http:\/\/\S+)\r?$/m);
    expect(new URL(url as string).searchParams.get('scope')).toBe('notes:read');
    expect((await scriptedBrowser(url as string)).status).toBe(200);
    expect(await call.exited, call.output()).toBe(0);
    expect(call.output()).toContain('"list_notes"');

    // With --stored-auth-only nobody is asked, even on a terminal.
    rmSync(join(home, 'mcpvet'), { recursive: true, force: true });
    const ci = inTerminal(['call', '--url', notes.url, '--method', 'tools/list', '--stored-auth-only'], env);
    ptys.push(ci.pty);
    expect(await ci.exited).toBe(3);
    expect(ci.output()).not.toContain('Log in now');
    expect(ci.output()).toContain('auth_required');
  });

  it('a "no" (or Enter) ends with exit 3 naming the scope; without a terminal nobody is asked', async () => {
    await loginReadOnly();
    const call = inTerminal(exportCall(), env);
    ptys.push(call.pty);
    await call.waitFor(/Proceed with step-up authorization\? \[y\/N\]/);
    call.pty.write('\r');
    expect(await call.exited).toBe(3);
    expect(call.output()).toContain('--scope \\"notes:read notes:export\\"');

    const piped = await runProcess(process.execPath, [CLI, ...exportCall()], { env, timeoutMs: 15_000 });
    expect(piped.code).toBe(3);
    expect(piped.stderr).not.toContain('Proceed with step-up');
  });
});
