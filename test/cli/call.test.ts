import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVERYTHING_SERVER, fixture, NOTES_SERVER } from '../helpers/paths.js';
import { closedPort, isAlive, runCli, startHttpServer, type RunningServer } from '../helpers/run.js';

const notes = ['--', process.execPath, NOTES_SERVER];

function envelope(stderr: string): { code: string; message: string; status?: number; url?: string; cause?: string } {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0] as string).error;
}

describe('mcpvet call against the example server, stdio and HTTP, both eras', () => {
  let http: RunningServer;
  beforeAll(async () => {
    http = await startHttpServer();
  });
  afterAll(() => http.stop());

  const combos: [string, () => string[]][] = [
    ['stdio', () => notes],
    ['http', () => ['--url', http.url]],
  ];
  for (const [transport, target] of combos) {
    for (const era of ['modern', 'legacy'] as const) {
      it(`${transport} ${era}: lists every tool across pages and calls one`, async () => {
        const list = await runCli(['call', '--method', 'tools/list', '--protocol-era', era, ...target()]);
        expect(list.code, list.stderr).toBe(0);
        const names = (JSON.parse(list.stdout).result.tools as { name: string }[]).map((tool) => tool.name);
        expect(names).toEqual([
          'add_note',
          'get_note',
          'list_notes',
          'search_notes',
          'delete_note',
          'export_notes',
          'toggle_extras',
          'count_words',
          'build_index',
        ]);

        const call = await runCli([
          'call',
          '--method',
          'tools/call',
          '--tool-name',
          'export_notes',
          '--tool-arg',
          'workspace=team',
          '--tool-arg',
          'format=json',
          '--protocol-era',
          era,
          ...target(),
        ]);
        expect(call.code, call.stderr).toBe(0);
        expect(JSON.parse(call.stdout).result.isError).not.toBe(true);
      });
    }
  }

  it('accepts the Inspector CLI forms: a URL where the command goes (with --transport http), and --server-url', async () => {
    const positional = await runCli(['call', http.url, '--transport', 'http', '--method', 'prompts/list']);
    expect(positional.code, positional.stderr).toBe(0);
    const serverUrl = await runCli(['call', '--server-url', http.url, '--method', 'prompts/list']);
    expect(JSON.parse(serverUrl.stdout).result.prompts.length).toBe(2);
  });

  it('auto detects the modern era of a dual server over HTTP and reads a resource', async () => {
    const read = await runCli(['call', '--method', 'resources/read', '--uri', 'notes://readme', '--url', http.url]);
    expect(read.code, read.stderr).toBe(0);
    expect(JSON.parse(read.stdout).result.resultType).toBe('complete');
  });

  it('initialize prints the legacy handshake; server/discover the modern one', async () => {
    const init = await runCli(['call', '--method', 'initialize', ...notes]);
    expect(JSON.parse(init.stdout).result).toMatchObject({ protocolVersion: '2025-11-25', serverInfo: { name: 'notes-server' } });
    const discover = await runCli(['call', '--method', 'server/discover', '--url', http.url]);
    expect(JSON.parse(discover.stdout).result.supportedVersions).toContain('2026-07-28');
  });

  it('prompts/get, completion/complete and resources/templates/list work', async () => {
    const prompt = await runCli(['call', '--method', 'prompts/get', '--prompt-name', 'daily_digest', ...notes]);
    expect(prompt.code, prompt.stderr).toBe(0);
    expect(JSON.parse(prompt.stdout).result.messages.length).toBeGreaterThan(0);
    const completion = await runCli([
      'call',
      '--method',
      'completion/complete',
      '--ref',
      'prompt:summarize_note',
      '--argument-name',
      'id',
      '--argument-value',
      '',
      ...notes,
    ]);
    expect(completion.code, completion.stderr).toBe(0);
    expect(JSON.parse(completion.stdout).result.completion.values.length).toBeGreaterThan(0);
    const templates = await runCli(['call', '--method', 'resources/templates/list', ...notes]);
    expect(JSON.parse(templates.stdout).result.resourceTemplates[0].uriTemplate).toBe('notes://notes/{id}');
  });
});

describe('mcpvet call against @modelcontextprotocol/server-everything (legacy third-party server)', () => {
  const everything = ['--', process.execPath, EVERYTHING_SERVER];

  it('falls back to the legacy era and lists tools', async () => {
    const list = await runCli(['call', '--method', 'tools/list', ...everything]);
    expect(list.code, list.stderr).toBe(0);
    expect((JSON.parse(list.stdout).result.tools as { name: string }[]).some((tool) => tool.name === 'echo')).toBe(true);
  });

  it('calls echo with a --tool-arg that looks like a number but the schema says string', async () => {
    const call = await runCli(['call', '--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 'message=123', ...everything]);
    expect(call.code, call.stderr).toBe(0);
    expect(JSON.parse(call.stdout).result.content[0].text).toBe('Echo: 123');
  });
});

describe('Inspector metadata flags', () => {
  it('--metadata goes into every request, --tool-metadata into tools/call', async () => {
    const server = ['--', process.execPath, fixture('meta-echo-server')];
    const call = await runCli([
      'call',
      '--method',
      'tools/call',
      '--tool-name',
      'list_notes',
      '--metadata',
      'com.example/trace=abc',
      '--tool-metadata',
      'com.example/origin=cli',
      ...server,
    ]);
    expect(call.code, call.stderr).toBe(0);
    expect(JSON.parse(call.stdout).result._meta['test/received']).toMatchObject({
      'com.example/trace': 'abc',
      'com.example/origin': 'cli',
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    });
    const prompt = await runCli([
      'call',
      '--method',
      'prompts/get',
      '--prompt-name',
      'daily_digest',
      '--metadata',
      'com.example/trace=abc',
      '--tool-metadata',
      'com.example/origin=cli',
      ...server,
    ]);
    const received = JSON.parse(prompt.stdout).result._meta['test/received'];
    expect(received['com.example/trace']).toBe('abc');
    expect(received['com.example/origin']).toBeUndefined();
  });
});

describe('logging/setLevel (legacy era only)', () => {
  it('is sent after initialize, and refused with --protocol-era modern', async () => {
    const ok = await runCli(['call', '--method', 'logging/setLevel', '--log-level', 'debug', ...notes]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).result).toEqual({});
    const modern = await runCli(['call', '--method', 'logging/setLevel', '--log-level', 'debug', '--protocol-era', 'modern', ...notes]);
    expect(modern.code).toBe(1);
    expect(envelope(modern.stderr).message).toContain('legacy era');
  });
});

describe('schema-aware --tool-arg', () => {
  it('turns limit=2 into an integer and query=123 stays a string', async () => {
    const call = await runCli(['call', '--method', 'tools/call', '--tool-name', 'search_notes', '--tool-arg', 'query=123', '--tool-arg', 'limit=2', ...notes]);
    expect(call.code, call.stderr).toBe(0);
    expect(JSON.parse(call.stdout).result.isError).not.toBe(true);
  });

  it('refuses a value the schema cannot take, before sending anything', async () => {
    const call = await runCli(['call', '--method', 'tools/call', '--tool-name', 'search_notes', '--tool-arg', 'query=x', '--tool-arg', 'limit=many', ...notes]);
    expect(call.code).toBe(1);
    expect(envelope(call.stderr)).toMatchObject({ code: 'usage', message: expect.stringContaining('integer') });
  });
});

describe('exit codes and the error envelope', () => {
  it('1: a mistyped flag is a usage error and nothing is started', async () => {
    const result = await runCli(['call', '--method', 'tools/list', '--tool-nam', 'x', ...notes]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(envelope(result.stderr)).toMatchObject({ code: 'usage', message: expect.stringContaining('--tool-nam') });
  });

  it('1: a missing required flag for the method', async () => {
    const result = await runCli(['call', '--method', 'tools/call', ...notes]);
    expect(result.code).toBe(1);
    expect(envelope(result.stderr).message).toContain('--tool-name');
  });

  it('3: HTTP 401 is auth required, with status and redacted URL', async () => {
    const server = await startHttpServer(fixture('auth-required-server'));
    try {
      const result = await runCli(['call', '--method', 'tools/list', '--url', `${server.url}?token=secret123`, '--header', 'Authorization: Bearer hunter2']);
      expect(result.code).toBe(3);
      const error = envelope(result.stderr);
      expect(error).toMatchObject({ code: 'auth_required', status: 401 });
      expect(result.stderr).not.toContain('secret123');
      expect(result.stderr).not.toContain('hunter2');
    } finally {
      await server.stop();
    }
  });

  it('4: connection refused', async () => {
    const result = await runCli(['call', '--method', 'tools/list', '--url', `http://127.0.0.1:${await closedPort()}/mcp`]);
    expect(result.code).toBe(4);
    expect(envelope(result.stderr).code).toBe('unreachable');
  });

  it('4: a command that cannot be spawned', async () => {
    const result = await runCli(['call', '--method', 'tools/list', '--', '/nonexistent/mcp-server']);
    expect(result.code).toBe(4);
    expect(envelope(result.stderr).message).toContain('ENOENT');
  });

  it('4: a server that never answers times out, and leaves no process behind', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'mcpvet-')), 'pid');
    const result = await runCli(['call', '--method', 'tools/list', '--timeout', '400', '--', process.execPath, fixture('silent-server')], {
      env: { SILENT_PID_FILE: pidFile },
    });
    expect(result.code).toBe(4);
    expect(envelope(result.stderr)).toMatchObject({ code: 'unreachable', cause: 'timeout' });
    expect(result.ms).toBeLessThan(8000);
    expect(isAlive(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
  });

  it('4: a server that dies mid-request', async () => {
    const result = await runCli(['call', '--method', 'tools/list', '--', process.execPath, fixture('dies-on-tools-list')]);
    expect(result.code).toBe(4);
    expect(envelope(result.stderr).message).toMatch(/exited \(code 3\)/);
  });

  it('5: a tool result with isError: true is printed and exits 5', async () => {
    const result = await runCli(['call', '--method', 'tools/call', '--tool-name', 'get_note', '--tool-arg', 'id=missing', ...notes]);
    expect(result.code).toBe(5);
    expect(JSON.parse(result.stdout).result.isError).toBe(true);
    expect(envelope(result.stderr).code).toBe('tool_is_error');
  });

  it('5: an unknown tool', async () => {
    const result = await runCli(['call', '--method', 'tools/call', '--tool-name', 'no_such_tool', ...notes]);
    expect(result.code).toBe(5);
    expect(envelope(result.stderr).code).toBe('tool_error');
  });

  it('an outputSchema violation still prints the result and says what is wrong', async () => {
    const result = await runCli([
      'call',
      '--method',
      'tools/call',
      '--tool-name',
      'get_note',
      '--tool-arg',
      'id=n1',
      '--',
      process.execPath,
      fixture('bad-output-server'),
    ]);
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output.result.structuredContent.title).toBe(42);
    expect(output.warnings[0]).toContain('/title must be string');
    expect(result.stderr).toContain('outputSchema');
  });

  it('--config picks a server from an mcpServers file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpvet-'));
    const file = join(dir, 'mcp.json');
    writeFileSync(
      file,
      JSON.stringify({
        mcpServers: { notes: { command: process.execPath, args: [NOTES_SERVER] }, other: { url: `http://127.0.0.1:${await closedPort()}/mcp` } },
      }),
    );
    const ok = await runCli(['call', '--method', 'prompts/list', '--config', file, '--server', 'notes']);
    expect(ok.code, ok.stderr).toBe(0);
    const ambiguous = await runCli(['call', '--method', 'prompts/list', '--config', file]);
    expect(ambiguous.code).toBe(1);
    expect(envelope(ambiguous.stderr).message).toContain('--server');
  });
});

describe('Ctrl-C', () => {
  it('SIGINT during a request kills the server and exits 130', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'mcpvet-')), 'pid');
    const { spawn } = await import('node:child_process');
    const { CLI } = await import('../helpers/paths.js');
    const child = spawn(process.execPath, [CLI, 'call', '--method', 'tools/list', '--timeout', '60000', '--', process.execPath, fixture('silent-server')], {
      env: { ...process.env, SILENT_PID_FILE: pidFile },
      stdio: 'ignore',
    });
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      try {
        readFileSync(pidFile, 'utf8');
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const serverPid = Number(readFileSync(pidFile, 'utf8'));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
    expect(code).toBe(130);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isAlive(serverPid)).toBe(false);
  });
});
