/**
 * Bad input gets one clear line and exit 1, before anything runs: output folders, durations,
 * headers, URLs, flags, calls files, cassettes, spec schemas, selections. And server text in
 * terminal output and error lines is escaped and clipped.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';

const notes = ['--', process.execPath, NOTES_SERVER];
const tmp = () => mkdtempSync(join(tmpdir(), 'mcpvet-bad-input-'));
const ESC = '\u001b';

/** Exit 1 with exactly one line on stderr, nothing on stdout. */
function expectUsage(result: { code: number | null; stdout: string; stderr: string }, text: string | RegExp): void {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr.trimEnd().split('\n'), result.stderr).toHaveLength(1);
  if (typeof text === 'string') expect(result.stderr).toContain(text);
  else expect(result.stderr).toMatch(text);
}

describe('output folders (check -o)', () => {
  it('a folder that cannot be created (/proc/x) fails at once instead of hanging', async () => {
    const result = await runCli(['check', '-o', '/proc/mcpvet-nope/reports', ...notes], { timeoutMs: 15_000 });
    expectUsage(result, '-o /proc/mcpvet-nope/reports: not a writable directory');
  });

  it('a file where the folder should be fails before the run', async () => {
    const file = join(tmp(), 'a-file');
    writeFileSync(file, '');
    expectUsage(await runCli(['check', '-o', file, ...notes]), 'exists and is not a directory');
    expectUsage(await runCli(['check', '-o', join(file, 'below'), ...notes]), 'is not a directory');
  });

  it('a missing folder is created', async () => {
    const dir = join(tmp(), 'new', 'reports');
    const result = await runCli(['check', '--suite', 'lint', '-o', dir, ...notes]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'server-lint', 'checks.json'), 'utf8')).length).toBeGreaterThan(0);
  });
});

describe('durations', () => {
  it('--timeout above 2^31-1 ms (which Node fires at once) is a usage error; 2^31-1 works', async () => {
    expectUsage(
      await runCli(['call', '--method', 'tools/list', '--timeout', '2147483648', ...notes]),
      '--timeout takes a whole number of milliseconds from 1 to 2147483647',
    );
    expectUsage(await runCli(['check', '--timeout', '0', ...notes]), '--timeout');
    expectUsage(await runCli(['lint', '--timeout', '1e3', ...notes]), '--timeout');
    const longest = await runCli(['call', '--method', 'tools/list', '--timeout', '2147483647', ...notes]);
    expect(longest.code, longest.stderr).toBe(0);
    expect(longest.stderr).not.toContain('TimeoutOverflowWarning');
  });
});

describe('headers and URLs', () => {
  it('a --header value with CR or LF is refused before anything is sent, without echoing the value', async () => {
    const result = await runCli(['call', '--method', 'tools/list', '--url', 'http://127.0.0.1:9/mcp', '--header', 'X-Key: s3cr3t-value\r\nInjected: yes']);
    expectUsage(result, 'header X-Key: the value contains a line break');
    expect(result.stderr).not.toContain('s3cr3t-value');
    expect(result.stderr).not.toContain('Injected');
  });

  it('a --header without a colon is refused without echoing it', async () => {
    const result = await runCli(['call', '--method', 'tools/list', '--url', 'http://127.0.0.1:9/mcp', '--header', 'Bearer s3cr3t-value']);
    expectUsage(result, "--header takes 'Name: value'");
    expect(result.stderr).not.toContain('s3cr3t-value');
  });

  it('a URL with credentials is a usage error (exit 1, not 4), with the credentials redacted', async () => {
    const result = await runCli(['call', '--method', 'tools/list', '--url', 'http://alice:pa55word@127.0.0.1:9/mcp']);
    expectUsage(result, 'credentials in the URL');
    expect(result.stderr).not.toMatch(/alice|pa55word/);
    const check = await runCli(['check', '--url', 'http://alice:pa55word@127.0.0.1:9/mcp']);
    expectUsage(check, 'credentials in the URL');
    expect(check.stderr).not.toMatch(/alice|pa55word/);
  });
});

describe('flags and files', () => {
  it('a misspelt --method names the unknown flag; a missing one says it is required', async () => {
    expectUsage(await runCli(['call', '--methd', 'tools/list', ...notes]), "unknown option '--methd'");
    expectUsage(await runCli(['call', ...notes]), '--method is required');
  });

  it('a bad --calls YAML is one line', async () => {
    const file = join(tmp(), 'calls.yaml');
    writeFileSync(file, 'get_note: [\n  id: n1\nother: {\n');
    expectUsage(await runCli(['check', '--calls', file, ...notes]), `cannot read --calls ${file}`);
  });

  it('--spec-schema DIR is a usage error before the run', async () => {
    expectUsage(await runCli(['check', '--spec-schema', tmpdir(), ...notes]), '--spec-schema');
  });

  it('a selection that matches no check is a usage error, with --list too', async () => {
    expectUsage(await runCli(['check', '--only', '[', ...notes]), "--only '[' selects no checks");
    expectUsage(await runCli(['check', '--list', '--suite', 'lint', '--only', 'tools.*']), 'selects no checks');
  });
});

describe('cut cassettes', () => {
  async function recorded(): Promise<string> {
    const dir = tmp();
    const script = join(dir, 'script.yaml');
    writeFileSync(script, '- list: tools\n');
    const cassette = join(dir, 'notes.ndjson');
    const result = await runCli(['record', '-o', cassette, '--script', script, ...notes]);
    expect(result.code, result.stderr).toBe(0);
    return readFileSync(cassette, 'utf8');
  }

  it('replay and verify refuse a cassette cut off mid-frame, naming the line', async () => {
    const text = await recorded();
    const lines = text.trimEnd().split('\n');
    const file = join(tmp(), 'cut.ndjson');
    writeFileSync(file, [...lines.slice(0, -1), lines.at(-1)!.slice(0, 30)].join('\n'));
    const where = `${file}:${lines.length}: a frame line is not complete JSON`;
    expectUsage(await runCli(['replay', file]), 'cut.ndjson:' + lines.length + ': a frame line is not complete JSON');
    expectUsage(await runCli(['verify', file, ...notes]), where);
  });

  it('a cassette whose header line was cut says so (not "empty file")', async () => {
    const file = join(tmp(), 'cut-header.ndjson');
    writeFileSync(file, (await recorded()).slice(0, 50));
    expectUsage(await runCli(['verify', file, ...notes]), ':1: the header line is not complete JSON: the file ends mid-line');
  });
});

describe('server text on the terminal', () => {
  const escapes = `${ESC}]0;pwned${'\u0007'}${ESC}[2J${'\u009b'}31m`;

  it('call --format text escapes control characters from a tool result', async () => {
    // add_note answers with the note, so the server sends back the escapes it was given.
    const add = ['call', '--method', 'tools/call', '--tool-name', 'add_note', '--tool-arg', `title=${escapes}`, '--tool-arg', 'body=b'];
    const text = await runCli([...add, '--format', 'text', ...notes]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('\\u001b]0;pwned');
    const json = await runCli([...add, ...notes]);
    expect(json.code, json.stderr).toBe(0);
    for (const output of [text.stdout, text.stderr, json.stdout]) {
      expect(output).not.toContain(ESC);
      expect(output).not.toContain('\u009b');
    }
  });

  it('lint text and markdown escape control characters in tool names and messages', async () => {
    const file = join(tmp(), 'tools.json');
    writeFileSync(
      file,
      JSON.stringify({ tools: [{ name: `bad${escapes}`, description: `d${escapes}`, inputSchema: { type: 'object', properties: { x: {} } } }] }),
    );
    for (const format of ['text', 'markdown']) {
      const result = await runCli(['lint', '--file', file, '--format', format]);
      expect(result.stdout).toContain('\\u001b');
      expect(result.stdout).not.toContain(ESC);
      expect(result.stdout).not.toContain('\u009b');
    }
    const json = await runCli(['lint', '--file', file, '--format', 'json']);
    expect(json.stdout).not.toContain('\u009b');
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain('\\u001b');
  });
});

describe('one-line errors quote server text clipped', () => {
  let server: Server;
  let url = '';
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(401, { 'WWW-Authenticate': `Bearer realm="x", error_description="${'y'.repeat(12_000)}"`, 'Content-Type': 'text/plain' });
      res.end('no');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a 12 KB WWW-Authenticate is clipped to a few hundred characters, with the total length', async () => {
    const call = await runCli(['call', '--method', 'tools/list', '--url', url]);
    expect(call.code, call.stderr).toBe(3);
    const line = call.stderr.trimEnd();
    expect(line.split('\n')).toHaveLength(1);
    expect(line.length).toBeLessThan(1200);
    expect(line).toMatch(/clipped: \d{5} characters in all/);
    const lint = await runCli(['lint', '--url', url]);
    expect(lint.code).toBe(3);
    expect(lint.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(lint.stderr.length).toBeLessThan(600);
  });
});
