/** The library helpers a test suite uses: record over HTTP in-process, serve the cassette, replay over stdio. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from '../../src/client/connect.js';
import { readCassette } from '../../src/cassette/index.js';
import { replayTarget, serveCassette, withRecording } from '../../src/library/cassettes.js';
import { runCli, startHttpServer, type RunningServer } from '../helpers/run.js';
import { tempDir } from './support.js';

describe('cassette library API', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startHttpServer();
  });
  afterAll(() => server.stop());

  it('withRecording (HTTP) then serveCassette with a fault and replayTarget over stdio', async () => {
    const file = join(tempDir(), 'lib.ndjson');
    const recording = await withRecording({ transport: 'http', url: server.url }, { output: file });
    const live = await connect(recording.target, { era: 'modern', timeoutMs: 5000 });
    const note = await live.callTool('get_note', { id: 'n2' });
    await live.close();
    await recording.close();
    expect((await readCassette(file)).header).toMatchObject({ complete: true, era: 'modern', transport: 'http' });

    const replay = await serveCassette(file, { faults: ['error=-32010@tools/call#2'] });
    try {
      const client = await connect(replay.target, { era: 'modern', timeoutMs: 5000 });
      expect((await client.callTool('get_note', { id: 'n2' })).result).toEqual(note.result);
      expect((await client.callTool('get_note', { id: 'n2' })).error?.code).toBe(-32010);
      await client.close();
    } finally {
      await replay.close();
    }

    // An HTTP cassette replayed over stdio: the same answers, without the HTTP layer.
    const overStdio = await connect(replayTarget(file), { era: 'modern', timeoutMs: 5000 });
    expect((await overStdio.callTool('get_note', { id: 'n2' })).result).toEqual(note.result);
    await overStdio.close();
  });

  it('record --script over HTTP writes a complete cassette', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 's.yaml'), '- read: notes://readme\n- prompt: { name: daily_digest }\n');
    const run = await runCli(['record', '--script', join(dir, 's.yaml'), '-o', join(dir, 'h.ndjson'), '--url', server.url, '--protocol-era', 'legacy']);
    expect(run.code, run.stderr).toBe(0);
    const cassette = await readCassette(join(dir, 'h.ndjson'));
    expect(cassette.header).toMatchObject({ era: 'legacy', complete: true });
    expect(cassette.frames.some((frame) => frame.http?.method === 'DELETE')).toBe(true);
  });
});
