/**
 * Every fault kind, injected by `mcpvet replay` and `mcpvet proxy`, shown by its effect on a real
 * client (`mcpvet call`, or the project's client when the effect is in the trace).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from '../../src/client/connect.js';
import type { McpClient } from '../../src/client/types.js';
import { NOISE_LINE } from '../../src/fault/effects.js';
import { withFaults } from '../../src/fault/index.js';
import { TransportError } from '../../src/protocol/transport-error.js';
import { ExitCode } from '../../src/cli/exit-codes.js';
import { NOTES_SERVER } from '../helpers/paths.js';
import { runCli, startHttpServer, type RunningServer } from '../helpers/run.js';
import { notesTarget, startCli, tempDir } from '../cassette/support.js';

const dir = tempDir();
const cassette = join(dir, 'scripted.ndjson');
const getNote = ['call', '--method', 'tools/call', '--tool-name', 'get_note', '--tool-arg', 'id=n1', '--protocol-era', 'modern', '--timeout', '4000'];
const listNotes = ['call', '--method', 'tools/call', '--tool-name', 'list_notes', '--protocol-era', 'modern', '--timeout', '4000'];
const replay = (...faults: string[]) => ['--', process.execPath, ...replayArgs(...faults)];
const replayArgs = (...faults: string[]) => [cliPath(), 'replay', cassette, ...faults.flatMap((fault) => ['--fault', fault])];
let cliPath: () => string;

beforeAll(async () => {
  const { CLI } = await import('../helpers/paths.js');
  cliPath = () => CLI;
  const script = join(dir, 'steps.yaml');
  writeFileSync(
    script,
    [
      '- list: tools',
      '- call: { tool: get_note, arguments: { id: n1 } }',
      '- call: { tool: list_notes }',
      '- request: { method: tools/call, params: { name: search_notes, arguments: { query: e }, _meta: { progressToken: 1 } } }',
    ].join('\n'),
  );
  const recorded = await runCli(['record', '--script', script, '-o', cassette, '--protocol-era', 'modern', '--', process.execPath, NOTES_SERVER]);
  expect(recorded.code, recorded.stderr).toBe(0);
  expect(recorded.stderr).toContain('call get_note: ok');
});

/** A client of `mcpvet replay` with the given faults (stdio). */
async function replayClient(faults: string[], extra: string[] = []): Promise<McpClient> {
  return connect({ transport: 'stdio', command: process.execPath, args: [...replayArgs(...faults), ...extra] }, { era: 'modern', timeoutMs: 4000 });
}

const search = (client: McpClient) => client.request('tools/call', { name: 'search_notes', arguments: { query: 'e' }, _meta: { progressToken: 1 } });

describe('faults on replay over stdio, seen by mcpvet call', () => {
  it('control: without faults the call succeeds', async () => {
    const run = await runCli([...getNote, ...replay()]);
    expect(run.code, run.stderr).toBe(ExitCode.Ok);
    expect(JSON.parse(run.stdout).result.structuredContent.id).toBe('n1');
  });

  it('timeout: no answer, so call gives up at --timeout and exits 4', async () => {
    const run = await runCli([...getNote, ...replay('timeout@tools/call')]);
    expect(run.code).toBe(ExitCode.Unreachable);
    expect(run.stderr).toContain('no answer within 4000 ms');
    expect(run.ms).toBeLessThan(12_000);
  });

  it('delay=MS: the answer comes, late', async () => {
    const run = await runCli([...getNote, ...replay('delay=800@tools/call')]);
    expect(run.code, run.stderr).toBe(ExitCode.Ok);
    expect(run.ms).toBeGreaterThanOrEqual(800);
  });

  it('disconnect: the server goes away mid-request, call exits 4', async () => {
    const run = await runCli([...getNote, ...replay('disconnect@tools/call')]);
    expect(run.code).toBe(ExitCode.Unreachable);
    expect(run.stderr).toMatch(/exited/);
  });

  it('error=CODE: a JSON-RPC error instead of the result', async () => {
    const run = await runCli([...getNote, ...replay('error=-32099@tools/call')]);
    expect(run.code).toBe(ExitCode.Usage);
    expect(run.stderr).toContain('mcpvet fault: injected error -32099 (-32099)');
  });

  it('is-error: the tool reports failure (exit 5), other tools are untouched', async () => {
    const failed = await runCli([...getNote, ...replay('is-error@tool:get_note')]);
    expect(failed.code).toBe(ExitCode.ToolError);
    expect(JSON.parse(failed.stdout).result).toMatchObject({ isError: true, resultType: 'complete' });
    const other = await runCli([...listNotes, ...replay('is-error@tool:get_note')]);
    expect(other.code, other.stderr).toBe(ExitCode.Ok);
  });

  it('http=STATUS has no meaning on stdio: a usage error', async () => {
    const run = await runCli(['replay', cassette, '--fault', 'http=503@tools/call']);
    expect(run.code).toBe(ExitCode.Usage);
    expect(run.stderr).toContain('http=STATUS needs an HTTP front');
  });

  it('bad rules are usage errors that say what is wrong', async () => {
    const unknown = await runCli(['replay', cassette, '--fault', 'explode@tools/call']);
    expect(unknown.code).toBe(ExitCode.Usage);
    expect(unknown.stderr).toContain('unknown fault "explode"');
    const misplaced = await runCli(['replay', cassette, '--fault', 'is-error@tools/list']);
    expect(misplaced.stderr).toContain('is-error makes a tool result; it applies to tools/call, not tools/list');
  });
});

describe('faults on replay over stdio, seen in the client’s trace', () => {
  it('malformed: a line that is not JSON arrives, and the request is never answered', async () => {
    const client = await replayClient(['malformed@tools/call']);
    try {
      await expect(client.callTool('get_note', { id: 'n1' })).rejects.toBeInstanceOf(TransportError);
      const junk = client.trace.frames.find((frame) => frame.kind === 'pollution');
      expect(junk?.raw).toMatch(/^\{"jsonrpc":"2.0","id":\d+,"result":\{mcpvet fault/);
      expect(() => JSON.parse(junk?.raw ?? '')).toThrow();
    } finally {
      await client.close();
    }
  });

  it('truncate: the first half of the real answer arrives', async () => {
    const client = await replayClient(['truncate@tool:get_note']);
    try {
      await expect(client.callTool('get_note', { id: 'n1' })).rejects.toBeInstanceOf(TransportError);
      const half = client.trace.frames.find((frame) => frame.kind === 'pollution')?.raw ?? '';
      expect(half).toMatch(/^\{"jsonrpc":"2.0","id":\d+,"result":/);
      expect(half.length).toBeGreaterThan(20);
    } finally {
      await client.close();
    }
  });

  it('stdout-noise: a log line on stdout before the answer; a tolerant client still gets it', async () => {
    const client = await replayClient(['stdout-noise@tools/call']);
    try {
      const outcome = await client.callTool('get_note', { id: 'n1' });
      expect(outcome.result?.structuredContent).toMatchObject({ id: 'n1' });
      expect(client.trace.frames.filter((frame) => frame.kind === 'pollution').map((frame) => frame.raw)).toEqual([NOISE_LINE]);
    } finally {
      await client.close();
    }
  });

  it('drop: progress notifications are lost, the result still comes', async () => {
    const plain = await replayClient([]);
    const withProgress = await search(plain);
    await plain.close();
    expect(withProgress.notifications.length).toBeGreaterThan(0);

    const client = await replayClient(['drop@notifications/progress']);
    try {
      const outcome = await search(client);
      expect(outcome.result).toEqual(withProgress.result);
      expect(outcome.notifications).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('#N: only the second matching call fails', async () => {
    const client = await replayClient(['error=-32001@tools/call#2']);
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await client.callTool('get_note', { id: 'n1' })).error?.code ?? 'ok');
      expect(codes).toEqual(['ok', -32001, 'ok']);
    } finally {
      await client.close();
    }
  });

  it('p= with --seed: the same seed fails the same calls; another seed others', async () => {
    const pattern = async (seed: number) => {
      const client = await replayClient(['error=-32001@tool:get_note,p=0.5'], ['--seed', String(seed)]);
      try {
        let marks = '';
        for (let i = 0; i < 16; i++) marks += (await client.callTool('get_note', { id: 'n1' })).error ? 'x' : '.';
        return marks;
      } finally {
        await client.close();
      }
    };
    const first = await pattern(7);
    expect(await pattern(7)).toBe(first);
    expect(first).toMatch(/x/);
    expect(first).toMatch(/\./);
    expect(await pattern(8)).not.toBe(first);
  });
});

describe('faults over HTTP (replay --listen and the live proxy)', () => {
  let notes: RunningServer;
  beforeAll(async () => {
    notes = await startHttpServer();
  });
  afterAll(() => notes.stop());

  const withServer = async (args: string[], run: (url: string) => Promise<void>) => {
    const server = await startCli(args);
    try {
      await run(server.url);
    } finally {
      await server.stop();
    }
  };

  it('http=STATUS: the client sees the status', async () => {
    await withServer(['replay', cassette, '--listen', '0', '--fault', 'http=503@tools/call'], async (url) => {
      const run = await runCli([...getNote, '--url', url]);
      expect(run.code).toBe(ExitCode.Usage);
      expect(JSON.parse(run.stderr).error.status).toBe(503);
    });
  });

  it('timeout, disconnect and truncate: the call cannot complete (exit 4); malformed: no result (exit 1)', async () => {
    await withServer(
      [
        'replay',
        cassette,
        '--listen',
        '0',
        '--fault',
        'timeout@tool:get_note',
        '--fault',
        'disconnect@tool:list_notes',
        '--fault',
        'truncate@tool:search_notes',
      ],
      async (url) => {
        const timedOut = await runCli([...getNote, '--url', url]);
        expect(timedOut.code).toBe(ExitCode.Unreachable);
        expect(timedOut.stderr).toContain('"cause":"timeout"');
        const dropped = await runCli([...listNotes, '--url', url]);
        expect(dropped.code).toBe(ExitCode.Unreachable);
        const cut = await runCli([
          'call',
          '--method',
          'tools/call',
          '--tool-name',
          'search_notes',
          '--tool-arg',
          'query=e',
          '--protocol-era',
          'modern',
          '--url',
          url,
        ]);
        expect(cut.code).toBe(ExitCode.Unreachable);
        expect(cut.stderr).toContain('other side closed');
      },
    );
    await withServer(['replay', cassette, '--listen', '0', '--fault', 'malformed@tools/call'], async (url) => {
      const run = await runCli([...getNote, '--url', url]);
      expect(run.code).toBe(ExitCode.Usage);
      expect(run.stderr).toContain('no result');
    });
  });

  it('proxy in front of a live HTTP server: timeout on tools/call only', async () => {
    await withServer(['proxy', '--url', notes.url, '--listen', '0', '--fault', 'timeout@tools/call'], async (url) => {
      const list = await runCli(['call', '--method', 'tools/list', '--url', url]);
      expect(list.code, list.stderr).toBe(ExitCode.Ok);
      const call = await runCli([...getNote, '--url', url]);
      expect(call.code).toBe(ExitCode.Unreachable);
    });
  });
});

describe('proxy in front of a live stdio server', () => {
  it('injects on the selected tool and passes the rest through', async () => {
    const proxy = ['--', process.execPath, cliPath(), 'proxy', '--fault', 'error=-32002@tool:get_note', '--', process.execPath, NOTES_SERVER];
    const failed = await runCli([...getNote, ...proxy]);
    expect(failed.stderr).toContain('injected error -32002');
    const passed = await runCli([...listNotes, ...proxy]);
    expect(passed.code, passed.stderr).toBe(ExitCode.Ok);
  });
});

describe('withFaults (library)', () => {
  it('wraps an HTTP target in an in-process proxy', async () => {
    const notes = await startHttpServer();
    const faulty = await withFaults({ transport: 'http', url: notes.url }, ['error=-32050@tool:get_note']);
    try {
      const client = await connect(faulty.target, { era: 'modern', timeoutMs: 3000 });
      expect((await client.callTool('get_note', { id: 'n1' })).error?.code).toBe(-32050);
      expect((await client.callTool('list_notes')).error).toBeUndefined();
      await client.close();
    } finally {
      await faulty.close();
      await notes.stop();
    }
  });

  it('wraps a stdio target in `mcpvet proxy`', async () => {
    const faulty = await withFaults(notesTarget(), ['is-error@tool:get_note'], { seed: 1 });
    expect(faulty.target).toMatchObject({ transport: 'stdio', command: process.execPath });
    const client = await connect(faulty.target, { era: 'legacy', timeoutMs: 3000 });
    try {
      const outcome = await client.callTool('get_note', { id: 'n1' });
      expect(outcome.result).toMatchObject({ isError: true });
      expect(outcome.result?.resultType).toBeUndefined(); // a legacy request gets a legacy result
    } finally {
      await client.close();
    }
  });

  it('refuses rules the transport cannot carry', async () => {
    await expect(withFaults(notesTarget(), ['http=500@tools/call'])).rejects.toThrow(/needs an HTTP front/);
    await expect(withFaults({ transport: 'http', url: 'http://127.0.0.1:9/mcp' }, ['stdout-noise'])).rejects.toThrow(/applies to stdio/);
  });
});
