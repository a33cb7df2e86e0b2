/**
 * `mcpvet shell` with stdin that is not a terminal: commands are read line by line (scriptable),
 * results on stdout, one line per failure on stderr, answers to the server's questions taken from
 * the next lines; no prompt, no history; nothing left running.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers, leftovers, processMarker } from '../helpers/leftovers.js';
import { fixture, NOTES_SERVER } from '../helpers/paths.js';
import { closedPort, runCli, startHttpServer, type RunningServer } from '../helpers/run.js';
import { tempFiles } from '../helpers/temp-files.js';

const SERVER = ['--', process.execPath, NOTES_SERVER];
let marker: Record<string, string> = {};
afterEach(() => killLeftovers(marker));

function shell(input: string, args: string[] = SERVER, config = tempFiles('mcpvet-shell-script').dir) {
  marker = processMarker();
  return runCli(['shell', ...args], { input, env: { ...marker, XDG_CONFIG_HOME: config }, timeoutMs: 20_000 });
}

/** The pretty JSON documents printed one after another on stdout. */
function documents(stdout: string): unknown[] {
  return stdout
    .split(/\n(?=\{)/)
    .filter((part) => part.startsWith('{'))
    .map((part) => JSON.parse(part.slice(0, part.indexOf('\n}') + 2)));
}

describe('commands from stdin', () => {
  it('runs each line, prints results as pretty JSON, writes no prompt and no history, exits 0', async () => {
    const config = tempFiles('mcpvet-shell-script').dir;
    const result = await shell(`tools\ncall add_note title="Two words" body=text tags='["a","b"]'\nread notes://notes/n1\n`, SERVER, config);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^add_note +Creates a note/);
    expect(result.stdout).not.toContain('> ');
    const [added, read] = documents(result.stdout.slice(result.stdout.indexOf('\n{'))) as Record<string, unknown>[];
    expect(added?.structuredContent).toMatchObject({ title: 'Two words', body: 'text', tags: ['a', 'b'] });
    expect(JSON.stringify(read)).toContain('notes://notes/n1');
    expect(() => readdirSync(join(config, 'mcpvet'))).toThrow();
    expect(await leftovers(marker, 3000)).toEqual([]);
  });

  it('a bad command is one line on stderr, the next commands still run, and the exit code is 1', async () => {
    const result = await shell('frobnicate\ncall get_note id=n1\ncall search_notes limit=lots\nera\n');
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'error: unknown command "frobnicate": type help',
      'usage: argument limit=lots: the tool expects integer',
    ]);
    expect(result.stdout).toContain('"title": "Welcome"');
    expect(result.stdout).toContain('modern era, protocol version 2026-07-28');
  });

  it('exit stops reading: the lines after it are not run', async () => {
    const result = await shell('era\nexit\nfrobnicate\n');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('tools NAME, prompts, resources and help; an unknown name is one line', async () => {
    const result = await shell('tools get_note\nprompts\nresources\nhelp call\ntools nosuch\nhelp nosuch\n# a comment\n');
    expect(result.code).toBe(1);
    const [definition] = documents(result.stdout) as Record<string, unknown>[];
    expect(definition).toMatchObject({ name: 'get_note', inputSchema: { required: ['id'] } });
    expect(result.stdout).toMatch(/\nsummarize_note +Asks the model for a one-paragraph summary of one note\.\n/);
    expect(result.stdout).toMatch(/\nnotes:\/\/notes\/\{id\} +A note by id\n/);
    expect(result.stdout).toContain('call NAME key=value… (or call NAME {"key": …})\n  call a tool');
    expect(result.stderr.trim().split('\n')).toEqual(['error: the server lists no tool "nosuch"', 'error: unknown command "nosuch": type help']);
  });

  it('prompt and complete take their arguments as key=value', async () => {
    const result = await shell('prompt summarize_note id=n2\ncomplete prompt:summarize_note id n\n');
    expect(result.code, result.stderr).toBe(0);
    const [prompt, completion] = documents(result.stdout) as Record<string, unknown>[];
    expect(JSON.stringify(prompt)).toContain('Groceries');
    expect(completion).toMatchObject({ completion: { values: ['n1', 'n2', 'n3'] } });
  });
});

describe('questions the server asks, answered by the next lines', () => {
  for (const era of ['modern', 'legacy']) {
    it(`${era} era: accept and yes delete the note`, async () => {
      const result = await shell('call delete_note id=n1\naccept\nyes\ncall get_note id=n1\n', ['--protocol-era', era, ...SERVER]);
      expect(result.stdout).toContain('Deleted note n1');
      expect(result.stderr).toContain('the server asks: Delete note n1 ("Welcome")? This cannot be undone.');
      // The note is gone: get_note reports an error.
      expect(result.stdout).toContain('No note with id n1');
    });

    it(`${era} era: decline keeps the note`, async () => {
      const result = await shell('call delete_note id=n1\ndecline\ncall get_note id=n1\n', ['--protocol-era', era, ...SERVER]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('Note n1 was not deleted: the user did not confirm');
      expect(result.stdout).toContain('"title": "Welcome"');
    });
  }

  it('input that ends before the answer cancels the question and the shell exits', async () => {
    const result = await shell('call delete_note id=n1\n');
    expect(result.stdout).toContain('Note n1 was not deleted');
    expect(await leftovers(marker, 3000)).toEqual([]);
  });
});

describe('targets', () => {
  it('no server: one line, exit 1', async () => {
    const result = await shell('tools\n', []);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual(['mcpvet: no server given: pass a command after --, or --url, or --config with --server']);
  });

  it('an unreachable URL: one line, exit 4', async () => {
    const port = await closedPort();
    const result = await shell('tools\n', ['--url', `http://127.0.0.1:${port}/mcp`]);
    expect(result.code).toBe(4);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('--config and --server name the server', async () => {
    const files = tempFiles('mcpvet-shell-config');
    const config = files.file('mcp.json', JSON.stringify({ mcpServers: { notes: { command: process.execPath, args: [NOTES_SERVER] } } }));
    const result = await shell('call list_notes\n', ['--config', config, '--server', 'notes']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Groceries');
  });

  it('every request is bounded by --timeout, and the session goes on', async () => {
    const result = await shell('prompt never_answered\nera\n', ['--timeout', '1500', '--', process.execPath, fixture('cancel-never-answers')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: no answer within 1500 ms\n');
    expect(result.stdout).toContain('modern era');
    expect(result.ms).toBeLessThan(10_000);
  });
});

describe('every kind of question (modern era): form, roots, sampling, URL', () => {
  const ASKS_MORE = ['--', process.execPath, fixture('shell-asks-more')];

  it('each answer reaches the server in inputResponses', async () => {
    const folder = tempFiles('mcpvet-shell-roots').dir;
    const result = await shell(`call delete_note id=n1\naccept\nyes\n${folder}\nA short summary.\ndecline\ntrace\n`, ASKS_MORE);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Deleted note n1');
    expect(result.stderr).toContain('the server asks for the roots it may use');
    expect(result.stderr).toContain('user: Summarise the note before it goes.');
    expect(result.stderr).toContain('the server asks you to open https://login.example/confirm: Sign in to confirm');
    const retry = documents(result.stdout).find((document) => JSON.stringify(document).includes('"inputResponses"')) as {
      params: { inputResponses: Record<string, unknown> };
    };
    expect(retry.params.inputResponses).toEqual({
      confirm: { action: 'accept', content: { confirm: true } },
      where: { roots: [{ uri: pathToFileURL(folder).href }] },
      summary: { role: 'assistant', content: { type: 'text', text: 'A short summary.' }, model: 'typed-by-hand', stopReason: 'endTurn' },
      login: { action: 'decline' },
    });
  });

  it('an empty model reply declines the sampling request: the call fails in one line', async () => {
    const result = await shell('call delete_note id=n1\naccept\nyes\n\n\ncall get_note id=n1\n', ASKS_MORE);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/\nerror: the sampling request was declined\n/);
    expect(result.stdout).toContain('"title": "Welcome"');
  });
});

describe('a server that dies mid-request', () => {
  it('is reported in one line (not also as the request’s error); reconnect starts it again', async () => {
    // call lists the tools first (for its schema): the server dies there too, and again it is one line.
    const result = await shell('tools\nera\ntools\nreconnect\nread notes://notes/n2\ncall get_note id=n1\n', [
      '--',
      process.execPath,
      fixture('dies-on-tools-list'),
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'the server stopped: it exited with code 3; type reconnect to start it again',
      'error: the server is not running (it exited with code 3): type reconnect',
      `connected to notes-server 1.0.0 (${process.execPath} ${fixture('dies-on-tools-list')}): modern era, 2026-07-28`,
      'the server stopped: it exited with code 3; type reconnect to start it again',
    ]);
    expect(result.stdout).toContain('modern era, protocol version 2026-07-28');
    expect(result.stdout).toContain('Groceries');
    expect(await leftovers(marker, 3000)).toEqual([]);
  });
});

describe('over Streamable HTTP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startHttpServer();
  });
  afterAll(() => server.stop());

  for (const era of ['modern', 'legacy']) {
    it(`${era} era: a question answered, then era`, async () => {
      // One server for both: each era deletes a note of its own.
      const id = era === 'modern' ? 'n2' : 'n3';
      const result = await shell(`call delete_note id=${id}\naccept\nyes\nera\n`, ['--protocol-era', era, '--url', server.url]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain(`Deleted note ${id}`);
      expect(result.stdout).toContain(`${era} era, protocol version ${era === 'modern' ? '2026-07-28' : '2025-11-25'}`);
    });
  }
});
