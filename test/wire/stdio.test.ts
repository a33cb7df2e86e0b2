import { describe, expect, it } from 'vitest';
import { knownResults } from '../../src/wire/shared-results.js';
import { spawnStdio } from '../../src/wire/stdio.js';
import { Trace } from '../../src/wire/trace.js';
import { fixture, NOTES_SERVER } from '../helpers/paths.js';
import { isAlive } from '../helpers/run.js';

const discover = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'server/discover',
  params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
});

function waitFor(trace: Trace, predicate: (kinds: string[]) => boolean, ms = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out; frames: ${trace.frames.map((f) => f.kind).join(',')}`)), ms);
    const check = () => {
      if (predicate(trace.frames.map((frame) => frame.kind))) {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = trace.subscribe(check);
    check();
  });
}

describe('stdio wire', () => {
  it('records non-JSON-RPC stdout lines as pollution and still parses the messages', async () => {
    const trace = new Trace();
    const connection = spawnStdio({ transport: 'stdio', command: process.execPath, args: [fixture('polluting-server')] }, { trace });
    connection.send(discover);
    await waitFor(trace, (kinds) => kinds.includes('message') && kinds.filter((k) => k === 'message').length >= 2);
    await connection.close();
    const pollution = trace.frames.filter((frame) => frame.kind === 'pollution');
    expect(pollution.map((frame) => frame.raw)).toEqual(['Notes server v1 starting...', '{"status":"ready"}']);
    const received = trace.frames.find((frame) => frame.kind === 'message' && frame.direction === 'receive');
    expect((received?.message as { id: number } | undefined)?.id).toBe(1);
  });

  it('drops a 100 MB line without holding it, and reads the answer after it', async () => {
    const trace = new Trace();
    const connection = spawnStdio({ transport: 'stdio', command: process.execPath, args: [fixture('huge-line-server')] }, { trace, maxLineBytes: 1024 * 1024 });
    const before = process.memoryUsage().rss;
    connection.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/list',
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
      }),
    );
    await waitFor(trace, (kinds) => kinds.includes('error') && kinds.lastIndexOf('message') > kinds.indexOf('error'), 20_000);
    const grown = process.memoryUsage().rss - before;
    await connection.close();
    const oversize = trace.frames.find((frame) => frame.kind === 'error');
    expect(oversize?.detail).toMatchObject({ reason: 'oversize-line', bytes: 100 * 1024 * 1024 });
    expect(grown).toBeLessThan(60 * 1024 * 1024);
  });

  it('a large list sent again and again over real pipes reads whole, and from its second coming is matched, not copied', async () => {
    const connections = [0, 1].map(() => {
      const trace = new Trace();
      const connection = spawnStdio({ transport: 'stdio', command: process.execPath, args: [fixture('many-tools')], env: { MANY_TOOLS: '5000' } }, { trace });
      return { trace, connection };
    });
    const listTools = (id: number) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/list',
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
      });
    const answers = (trace: Trace) => trace.frames.filter((frame) => frame.kind === 'message' && frame.direction === 'receive');
    try {
      for (let id = 1; id <= 3; id++) {
        for (const { connection } of connections) connection.send(listTools(id));
        for (const { trace } of connections) await waitFor(trace, () => answers(trace).length >= id, 20_000);
      }
      const results = connections.flatMap(({ trace }) => answers(trace).map((frame) => frame.message as { id: number; result: { tools: unknown[] } }));
      expect(results).toHaveLength(6);
      expect(results[0]?.result.tools).toHaveLength(5000);
      for (const message of results) expect(message.result).toEqual(results[0]?.result);
      // One parsed copy, and its bytes kept to match the answers after the second as they arrive.
      expect(new Set(results.map((message) => message.result)).size).toBe(1);
      expect(knownResults().map((bytes) => bytes.text())).toContain(JSON.stringify(results[0]?.result));
    } finally {
      await Promise.all(connections.map(({ connection }) => connection.close()));
    }
  });

  it('captures stderr line by line and observes the exit', async () => {
    const trace = new Trace();
    const connection = spawnStdio(
      { transport: 'stdio', command: process.execPath, args: ['-e', 'console.error("one"); console.error("two"); process.exit(5)'] },
      { trace },
    );
    const info = await connection.exited;
    expect(info.code).toBe(5);
    expect(trace.frames.filter((frame) => frame.kind === 'stderr').map((frame) => frame.raw)).toEqual(['one', 'two']);
    expect(trace.frames.at(-1)?.kind).toBe('exit');
  });

  it('closes a well-behaved server at once when stdin ends, without waiting for a grace period', async () => {
    const connection = spawnStdio({ transport: 'stdio', command: process.execPath, args: [NOTES_SERVER] }, { trace: new Trace(), closeGraceMs: 5000 });
    const started = Date.now();
    await connection.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(isAlive(connection.pid as number)).toBe(false);
  });

  it('escalates to SIGKILL for a server that ignores EOF and SIGTERM, leaving no process behind', async () => {
    const trace = new Trace();
    // Wait until the server has installed its SIGTERM handler (a fixed sleep loses under load).
    const ready = new Promise<void>((resolve) => trace.subscribe((frame) => frame.kind === 'stderr' && frame.raw === 'ready' && resolve()));
    const connection = spawnStdio(
      { transport: 'stdio', command: process.execPath, args: [fixture('silent-server')] },
      { trace, closeGraceMs: 100, killGraceMs: 100 },
    );
    await ready;
    const info = await connection.close();
    expect(info.signal).toBe('SIGKILL');
    expect(isAlive(connection.pid as number)).toBe(false);
  });

  it('a grace given at close overrides the one given at spawn (a warm process closed by a check that judges its exit)', async () => {
    // Exits 700 ms after its stdin ends: past the default grace, within the one given at close.
    const lingers = "process.stdin.resume(); process.stdin.on('end', () => setTimeout(() => process.exit(0), 700)); console.error('ready');";
    const spawnReady = () => {
      const trace = new Trace();
      const ready = new Promise<void>((resolve) => trace.subscribe((frame) => frame.kind === 'stderr' && frame.raw === 'ready' && resolve()));
      const connection = spawnStdio({ transport: 'stdio', command: process.execPath, args: ['-e', lingers] }, { trace });
      return ready.then(() => connection);
    };
    const [plain, given] = await Promise.all([spawnReady(), spawnReady()]);
    const [cut, waited] = await Promise.all([plain.close(), given.close({ closeGraceMs: 3000 })]);
    expect(cut.signalled).toBe('SIGTERM');
    expect(waited).toMatchObject({ code: 0, signal: null });
    expect(waited.signalled).toBeUndefined();
  });

  it('reports a command that cannot be started as a spawn error, not a crash', async () => {
    const trace = new Trace();
    const connection = spawnStdio({ transport: 'stdio', command: '/nonexistent/server', args: [] }, { trace });
    const info = await connection.exited;
    expect(info.spawnError).toMatch(/ENOENT/);
    expect(connection.send('{}')).toBe(false);
  });
});
