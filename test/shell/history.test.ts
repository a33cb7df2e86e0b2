/**
 * History kept per server in $XDG_CONFIG_HOME/mcpvet/history/: the next session on the same server
 * recalls it with the up arrow, another server has a file of its own, and secret values the user
 * gave (a header's) never reach the file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers, processMarker } from '../helpers/leftovers.js';
import { NOTES_SERVER } from '../helpers/paths.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';
import { tempFiles } from '../helpers/temp-files.js';
import { PtySession } from './pty-session.js';

const PROMPT = 'notes-server> ';
const UP = '\u001b[A';
let sessions: PtySession[] = [];
let marker: Record<string, string> = {};

afterEach(() => {
  for (const session of sessions) session.kill();
  sessions = [];
  killLeftovers(marker);
});

async function open(config: string, target: string[]): Promise<PtySession> {
  marker = processMarker();
  const session = new PtySession(['shell', ...target], { ...marker, XDG_CONFIG_HOME: config });
  sessions.push(session);
  await session.waitFor(PROMPT);
  return session;
}

async function quit(session: PtySession): Promise<void> {
  session.write('exit\r');
  expect(await session.exitCode()).toBe(0);
}

function historyFiles(config: string): string[] {
  const dir = join(config, 'mcpvet', 'history');
  try {
    return readdirSync(dir).map((name) => join(dir, name));
  } catch {
    return [];
  }
}

const stdio = (...args: string[]) => ['--', process.execPath, NOTES_SERVER, ...args];

describe('history per server', () => {
  it('the next session on the same server recalls the last command with the up arrow', async () => {
    const config = tempFiles('mcpvet-shell-history').dir;
    const first = await open(config, stdio());
    await first.run('call get_note id=n3');
    await quit(first);
    const files = historyFiles(config);
    expect(files).toHaveLength(1);
    expect(readFileSync(files[0] as string, 'utf8')).toBe('call get_note id=n3\n');
    expect(statSync(files[0] as string).mode & 0o777).toBe(0o600);

    const second = await open(config, stdio());
    second.write(UP);
    await second.waitFor('call get_note id=n3');
    second.write('\r');
    expect(await second.waitFor(PROMPT)).toContain('"title": "Meeting notes"');
  });

  it('another server has a history of its own', async () => {
    const config = tempFiles('mcpvet-shell-history').dir;
    const first = await open(config, stdio());
    await first.run('call get_note id=n3');
    await quit(first);
    const other = await open(config, stdio('--page-size', '5'));
    await other.run('tools');
    await quit(other);
    const contents = historyFiles(config)
      .map((file) => readFileSync(file, 'utf8'))
      .sort();
    expect(contents).toEqual(['call get_note id=n3\n', 'tools\n']);
  });

  it('answers to the server’s questions are not kept, only commands', async () => {
    const config = tempFiles('mcpvet-shell-history').dir;
    const shell = await open(config, stdio());
    shell.write('call delete_note id=n2\r');
    await shell.waitFor('accept, decline or cancel? [accept]');
    shell.write('accept\r');
    await shell.waitFor('(yes/no, required):');
    shell.write('yes\r');
    await shell.waitFor(PROMPT);
    await quit(shell);
    expect(readFileSync(historyFiles(config)[0] as string, 'utf8')).toBe('call delete_note id=n2\n');
  });

  it('a config folder that cannot be written warns once and the session goes on', async () => {
    const notAFolder = tempFiles('mcpvet-shell-history').file('plain-file', 'x');
    const shell = await open(notAFolder, stdio());
    const first = await shell.run('era');
    expect(first).toMatch(/history: cannot write .*plain-file\/mcpvet\/history\/[0-9a-f]{24}: ENOTDIR/);
    const second = await shell.run('tools');
    expect(second).not.toContain('history:');
    expect(second).toContain('add_note');
    await quit(shell);
  });

  it('--no-history reads and writes nothing', async () => {
    const config = tempFiles('mcpvet-shell-history').dir;
    const shell = await open(config, ['--no-history', ...stdio()]);
    await shell.run('tools');
    await quit(shell);
    expect(historyFiles(config)).toEqual([]);
  });
});

describe('history of an HTTP server given a secret header', () => {
  const SECRET = 'sk-shell-Secret-Header-Value-42';
  let server: RunningServer;
  beforeAll(async () => {
    server = await startHttpServer();
  });
  afterAll(() => server.stop());

  it('the header value typed in a command is masked in the file and on the screen', async () => {
    const config = tempFiles('mcpvet-shell-history').dir;
    const shell = await open(config, ['--url', server.url, '--header', `X-Api-Key: ${SECRET}`]);
    shell.write(`call add_note title=${SECRET} body=b\r`);
    const result = await shell.waitFor(PROMPT);
    expect(result).toContain('"title": "REDACTED"');
    await quit(shell);
    const [file] = historyFiles(config);
    const text = readFileSync(file as string, 'utf8');
    expect(text).toBe('call add_note title=REDACTED body=b\n');
    expect(text).not.toContain(SECRET);
  });
});
