/**
 * Hostile sizes, as a user meets them: a result nested 100,000 levels deep, 200,000 tools in one
 * list, and notification floods on stdio and SSE. mcpvet answers with one line or a finding,
 * never a stack trace, and its memory stays under a fixed ceiling.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../../src/client/connect.js';
import { runCliMeasured } from '../helpers/peak-rss.js';
import { fixture, CLI } from '../helpers/paths.js';
import { runCli, startHttpServer, type RunningServer } from '../helpers/run.js';

/** Well above what a bounded trace needs (~150 MiB measured), far below the 1.4-2.8 GB of an unbounded one. */
const RSS_CEILING_MIB = 400;
const node = process.execPath;
const noStackTrace = (stderr: string) => expect(stderr).not.toMatch(/Maximum call stack|\n\s+at /);

describe('a result nested 100,000 levels deep', () => {
  it('stdio: call tools/call fails with one protocol_error line, exit 1, at once', async () => {
    const result = await runCli(['call', '--method', 'tools/call', '--tool-name', 'list_notes', '--', node, fixture('deep-result')], { timeoutMs: 30_000 });
    expect(result.code).toBe(1);
    noStackTrace(result.stderr);
    const lines = result.stderr.trim().split('\n');
    expect(JSON.parse(lines.at(-1)!).error).toMatchObject({ code: 'protocol_error', message: expect.stringContaining('nested deeper than 512 levels') });
    expect(result.ms).toBeLessThan(9000); // not the 10 s timeout
  });

  it('a result 500 levels deep (just under the bound) goes through every walk', async () => {
    const result = await runCli(['call', '--method', 'tools/call', '--tool-name', 'list_notes', '--', node, fixture('deep-result')], {
      timeoutMs: 30_000,
      env: { DEEP_LEVELS: '500' },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"deep"');
  });

  describe('over HTTP', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startHttpServer(fixture('deep-result'));
    });
    afterAll(() => server?.stop());

    it('call tools/call fails with one protocol_error line', async () => {
      const result = await runCli(['call', '--method', 'tools/call', '--tool-name', 'list_notes', '--url', server.url], { timeoutMs: 30_000 });
      expect(result.code).toBe(1);
      noStackTrace(result.stderr);
      expect(JSON.parse(result.stderr.trim().split('\n').at(-1)!).error.code).toBe('protocol_error');
    });
  });

  it('check over stdio: a deep answer to tools/list is a finding, not a crash of the run', async () => {
    const result = await runCli(
      ['check', '--format', 'json', '--only', 'protocol.message-depth', '--only', 'tools.list-shape', '--', node, fixture('deep-result')],
      { timeoutMs: 60_000, env: { DEEP_METHOD: 'tools/list' } },
    );
    noStackTrace(result.stderr);
    const report = JSON.parse(result.stdout) as { results: { id: string; status: string }[] };
    expect(report.results.find((r) => r.id === 'protocol.message-depth')?.status).toBe('info');
    expect(report.results.find((r) => r.id === 'tools.list-shape')?.status).not.toBe('pass');
  });

  it('the record relay passes the deep line on and records it, without a stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpvet-deep-'));
    try {
      const file = join(dir, 'deep.ndjson');
      const client = await connect(
        { transport: 'stdio', command: node, args: [CLI, 'record', '-o', file, '--', node, fixture('deep-result')] },
        { era: 'modern', timeoutMs: 10_000 },
      );
      const error = await client.callTool('list_notes', {}).then(
        () => undefined,
        (thrown: Error) => thrown,
      );
      expect(error?.message).toContain('nested deeper than 512 levels');
      // The relay is still up: a second request is answered.
      expect((await client.listAll('tools/list')).length).toBeGreaterThan(0);
      const stderr = client.trace.frames
        .filter((frame) => frame.kind === 'stderr')
        .map((frame) => frame.raw)
        .join('\n');
      await client.close();
      noStackTrace(stderr);
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      expect(lines.some((line) => line.includes('"kind":"message"') && line.length > 200_000)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('200,000 tools in one ~45 MB list', () => {
  const env = { MANY_TOOLS: '200000' };
  const server = [node, fixture('many-tools')];

  it('call tools/list prints them all', async () => {
    const result = await runCliMeasured(['call', '--timeout', '120000', '--method', 'tools/list', '--', ...server], { timeoutMs: 180_000, env });
    process.stderr.write(`call tools/list, 200,000 tools: ${result.ms} ms, peak RSS ${result.peakMiB} MiB\n`);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { result: { tools: unknown[] } }).result.tools).toHaveLength(200_000);
  }, 200_000);

  it('lint lints them all', async () => {
    const result = await runCliMeasured(['lint', '--timeout', '120000', '--format', 'json', '--', ...server], { timeoutMs: 180_000, env });
    process.stderr.write(`lint, 200,000 tools: ${result.ms} ms, peak RSS ${result.peakMiB} MiB\n`);
    noStackTrace(result.stderr);
    expect(result.code).toBe(0);
    expect(result.stdout.length).toBeGreaterThan(1000);
  }, 200_000);

  it('snapshot writes them all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpvet-many-'));
    try {
      const file = join(dir, 'contract.json');
      const result = await runCliMeasured(['snapshot', '--timeout', '120000', '-o', file, '--', ...server], { timeoutMs: 180_000, env });
      process.stderr.write(`snapshot, 200,000 tools: ${result.ms} ms, peak RSS ${result.peakMiB} MiB\n`);
      noStackTrace(result.stderr);
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('200000 tools');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 200_000);
});

describe('notification floods', () => {
  it('stdio: 300,000 notifications for one tools/list stay under the memory ceiling', async () => {
    const result = await runCliMeasured(['call', '--timeout', '120000', '--method', 'tools/list', '--', node, fixture('notification-flood')], {
      timeoutMs: 180_000,
      env: { FLOOD_COUNT: '300000' },
    });
    process.stderr.write(`call tools/list under a 300,000-notification stdio flood: ${result.ms} ms, peak RSS ${result.peakMiB} MiB\n`);
    expect(result.code, result.stderr).toBe(0);
    expect(result.peakMiB).toBeLessThan(RSS_CEILING_MIB);
  }, 200_000);

  describe('over SSE', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startHttpServer(fixture('notification-flood'), [], { FLOOD_COUNT: '300000' });
    });
    afterAll(() => server?.stop());

    it('300,000 notifications on the stream of one tools/list stay under the memory ceiling', async () => {
      const result = await runCliMeasured(['call', '--timeout', '120000', '--method', 'tools/list', '--url', server.url], { timeoutMs: 180_000 });
      process.stderr.write(`call tools/list under a 300,000-notification SSE flood: ${result.ms} ms, peak RSS ${result.peakMiB} MiB\n`);
      expect(result.code, result.stderr).toBe(0);
      expect(result.peakMiB).toBeLessThan(RSS_CEILING_MIB);
    }, 200_000);
  });
});
