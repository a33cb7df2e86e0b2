/**
 * Record the example server through `mcpvet record` (stdio and HTTP, both eras), then replay the
 * cassette to the same client: everything it sees must be the same as live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { connect } from '../../src/client/connect.js';
import type { McpClient } from '../../src/client/types.js';
import { readCassette } from '../../src/relay/cassette-format.js';
import { NOT_RECORDED_CODE } from '../../src/cassette/replay.js';
import type { Target } from '../../src/wire/target.js';
import { CLI, fixture, NOTES_SERVER } from '../helpers/paths.js';
import { startHttpServer, stopChild, type RunningServer } from '../helpers/run.js';
import { cliTarget, startCli, tempDir, type Listening } from './support.js';

/** What a client sees in one session: every answer, and over HTTP the status, content type and session. */
async function session(client: McpClient) {
  const seen = (outcome: Awaited<ReturnType<McpClient['request']>>) => ({
    result: outcome.result,
    error: outcome.error,
    http: outcome.http && { status: outcome.http.status, contentType: outcome.http.contentType, session: outcome.http.headers['mcp-session-id'] },
  });
  return {
    era: client.era,
    protocolVersion: client.protocolVersion,
    serverInfo: client.serverInfo,
    capabilities: client.serverCapabilities,
    handshake: client.handshake,
    /** Legacy HTTP: the Mcp-Session-Id the server minted (replay must hand out the same). */
    sessionId: (client as { sessionId?: string }).sessionId,
    tools: await client.listAll('tools/list'),
    firstPage: seen(await client.request('tools/list', {})),
    note: seen(await client.callTool('get_note', { id: 'n1' })),
    unknownNote: seen(await client.callTool('get_note', { id: 'n404' })),
    readme: seen(await client.readResource('notes://readme')),
    prompt: seen(await client.getPrompt('daily_digest')),
    before: seen(await client.callTool('list_notes')),
    added: seen(await client.callTool('add_note', { title: 'Recorded', body: 'during the recording' })),
    after: seen(await client.callTool('list_notes')),
  };
}

async function sessionWith(target: Target, era: 'modern' | 'legacy') {
  const client = await connect(target, { era, timeoutMs: 5000 });
  try {
    return await session(client);
  } finally {
    await client.close();
  }
}

const dir = tempDir();

describe('record and replay over stdio', () => {
  for (const era of ['modern', 'legacy'] as const) {
    it(`${era}: the replayed session is the live session`, async () => {
      const file = join(dir, `stdio-${era}.ndjson`);
      const live = await sessionWith(cliTarget(['record', '-o', file]), era);
      expect(live.era).toBe(era);
      // The list really changed between the two calls, so replay must answer them in recorded order.
      expect(JSON.stringify(live.after.result)).not.toBe(JSON.stringify(live.before.result));

      const cassette = await readCassette(file);
      expect(cassette.header).toMatchObject({ format: 'mcpvet-cassette', version: 1, transport: 'stdio', era, complete: true });
      expect(cassette.frames.at(-1)?.kind).toBe('exit');

      const replayed = await sessionWith(cliTarget(['replay', file], []), era);
      expect(replayed).toEqual(live);
      // The list before and after add_note differ live; replay answers them in recorded order.
      expect(replayed.before).not.toEqual(replayed.after);
    });
  }

  it('modern: ttlMs and cacheScope come back as recorded', async () => {
    const file = join(dir, 'stdio-modern.ndjson');
    const client = await connect(cliTarget(['replay', file], []), { era: 'modern', timeoutMs: 5000 });
    try {
      const outcome = await client.request('tools/list', {});
      expect(outcome.result).toMatchObject({ ttlMs: 300000, cacheScope: 'public', resultType: 'complete' });
    } finally {
      await client.close();
    }
  });

  it('progress notifications are replayed with the new request’s progress token', async () => {
    const file = join(dir, 'progress.ndjson');
    const search = (client: McpClient, token: string) =>
      client.request('tools/call', { name: 'search_notes', arguments: { query: 'e' }, _meta: { progressToken: token } });
    const live = await connect(cliTarget(['record', '-o', file]), { era: 'modern', timeoutMs: 5000 });
    const recorded = await search(live, 'recorded-token');
    await live.close();
    expect(recorded.notifications.length).toBeGreaterThan(0);

    const replay = await connect(cliTarget(['replay', file], []), { era: 'modern', timeoutMs: 5000 });
    const replayed = await search(replay, 'new-token');
    await replay.close();
    expect(replayed.result).toEqual(recorded.result);
    expect(replayed.notifications.length).toBe(recorded.notifications.length);
    for (const notification of replayed.notifications) expect((notification.params as { progressToken: string }).progressToken).toBe('new-token');
  });

  it('a request the cassette lacks gets a JSON-RPC error that names what is missing', async () => {
    const client = await connect(cliTarget(['replay', join(dir, 'stdio-modern.ndjson')], []), { era: 'modern', timeoutMs: 5000 });
    try {
      const outcome = await client.callTool('get_note', { id: 'n2' });
      expect(outcome.error?.code).toBe(NOT_RECORDED_CODE);
      expect(outcome.error?.message).toContain('no recording of tools/call "get_note" with arguments {"id":"n2"}');
      expect(outcome.error?.message).toContain('{"id":"n1"}');
      const recorded = await client.callTool('get_note', { id: 'n1' });
      expect(recorded.error).toBeUndefined();
    } finally {
      await client.close();
    }
  });

  it('a server that crashes mid-request: everything before the crash and the exit are recorded', async () => {
    const file = join(dir, 'crash.ndjson');
    const client = await connect(cliTarget(['record', '-o', file], [fixture('dies-on-tools-list')]), { era: 'modern', timeoutMs: 5000 });
    await expect(client.request('tools/list', {})).rejects.toThrow(/exited|not running/);
    await client.close();
    const cassette = await readCassette(file);
    expect(cassette.header.complete).toBe(true);
    const raws = cassette.frames.map((frame) => `${frame.dir} ${frame.kind} ${frame.raw}`);
    expect(raws.some((raw) => raw.startsWith('client message') && raw.includes('server/discover'))).toBe(true);
    expect(raws.some((raw) => raw.startsWith('server message') && raw.includes('supportedVersions'))).toBe(true);
    expect(raws.some((raw) => raw.startsWith('client message') && raw.includes('tools/list'))).toBe(true);
    expect(raws.at(-1)).toBe('server exit exit code=3');
  });

  it('a recorder killed outright (SIGKILL) leaves every frame it had already passed on', async () => {
    const file = join(dir, 'killed.ndjson');
    const child = spawn(process.execPath, [CLI, 'record', '-o', file, '--', process.execPath, NOTES_SERVER], { stdio: ['pipe', 'pipe', 'ignore'] });
    try {
      const answered = new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no answer through the recorder')), 10_000);
        child.stdout.on('data', (chunk: Buffer) => {
          clearTimeout(timer);
          resolve(chunk.toString());
        });
      });
      child.stdin.write(
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}\n',
      );
      expect(await answered).toContain('"protocolVersion":"2025-11-25"');
    } finally {
      child.kill('SIGKILL');
      await stopChild(child);
    }
    const cassette = await readCassette(file);
    expect(cassette.header.complete).toBe(false);
    expect(cassette.frames.map((frame) => frame.dir)).toEqual(['client', 'server']);
  });
});

describe('record and replay over HTTP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startHttpServer();
  });
  afterAll(() => server.stop());

  for (const era of ['modern', 'legacy'] as const) {
    it(`${era}: the replayed session is the live session, status, content type and session id included`, async () => {
      const file = join(dir, `http-${era}.ndjson`);
      const recorder = await startCli(['record', '-o', file, '--url', server.url]);
      let live;
      try {
        live = await sessionWith({ transport: 'http', url: recorder.url }, era);
      } finally {
        await recorder.stop();
      }
      const cassette = await readCassette(file);
      expect(cassette.header).toMatchObject({ transport: 'http', era, complete: true });
      expect(cassette.frames.every((frame) => frame.http !== undefined)).toBe(true);
      if (era === 'legacy') expect(live.sessionId).toMatch(/\S/);

      let replay: Listening | undefined;
      try {
        replay = await startCli(['replay', file, '--listen', '0']);
        const replayed = await sessionWith({ transport: 'http', url: replay.url }, era);
        expect(replayed).toEqual(live);
      } finally {
        await replay?.stop();
      }
    });
  }

  it('a GET or DELETE the cassette lacks gets 405, as from a 2026-07-28 server', async () => {
    const replay = await startCli(['replay', join(dir, 'http-modern.ndjson'), '--listen', '0']);
    try {
      const response = await fetch(replay.url, { method: 'GET' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    } finally {
      await replay.stop();
    }
  });
});
