/**
 * Answers at the wire: an answer with another request's id is a protocol error naming both ids,
 * over stdio and HTTP alike and at once (not a timeout); an SSE stream that ends without the
 * answer is "the server ended the stream without answering".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers/paths.js';
import { runCli, startHttpServer, type RunningServer } from '../helpers/run.js';

function envelope(stderr: string): { code: string; message: string; cause?: string; status?: number } {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  return JSON.parse(lines[0] as string).error;
}

describe('an answer whose id is not the request’s', () => {
  let http: RunningServer;
  beforeAll(async () => {
    http = await startHttpServer(fixture('answers-wrong-id'));
  });
  afterAll(() => http.stop());

  const targets: [string, () => string[]][] = [
    ['stdio', () => ['--', process.execPath, fixture('answers-wrong-id')]],
    ['http', () => ['--url', http.url]],
  ];
  for (const [transport, target] of targets) {
    it(`${transport}: call exits 1 with protocol_error naming the sent and received ids, without waiting for the timeout`, async () => {
      const result = await runCli(['call', '--method', 'tools/list', '--timeout', '30000', ...target()]);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toBe('');
      const error = envelope(result.stderr);
      expect(error.code).toBe('protocol_error');
      const ids = /answered tools\/list \(id (\d+)\) with id (\d+)/.exec(error.message);
      expect(ids, error.message).not.toBeNull();
      expect(Number(ids?.[2])).toBe(Number(ids?.[1]) + 1000);
      expect(result.ms).toBeLessThan(10_000);
    });

    it(`${transport}: check reports it as a finding naming both ids`, async () => {
      const result = await runCli(['check', '--only', 'protocol.declared-capabilities-implemented', '--timeout', '30000', ...target()]);
      expect(result.code, result.stdout + result.stderr).toBe(2);
      expect(result.stdout).toMatch(/FAIL +protocol\.declared-capabilities-implemented/);
      expect(result.stdout).toMatch(/answered tools\/list \(id "mcpvet-declared-\d+"\) with id "mcpvet-declared-\d+-other"/);
      expect(result.ms).toBeLessThan(15_000);
    });
  }
});

describe('an SSE stream that ends with notifications and no answer', () => {
  let http: RunningServer;
  beforeAll(async () => {
    http = await startHttpServer(fixture('sse-ends-unanswered'));
  });
  afterAll(() => http.stop());

  it('call exits 4: the server ended the stream without answering', async () => {
    const result = await runCli(['call', '--method', 'tools/list', '--url', http.url]);
    expect(result.code, result.stderr).toBe(4);
    const error = envelope(result.stderr);
    expect(error).toMatchObject({ code: 'unreachable', cause: 'stream-ended-unanswered', status: 200 });
    expect(error.message).toBe('the server ended the stream without answering tools/list (HTTP 200 after 1 notification)');
  });

  it('check reports it as a finding', async () => {
    const result = await runCli(['check', '--only', 'protocol.declared-capabilities-implemented', '--url', http.url]);
    expect(result.code, result.stdout + result.stderr).toBe(2);
    expect(result.stdout).toMatch(/FAIL +protocol\.declared-capabilities-implemented/);
    expect(result.stdout).toContain('the server ended the stream without answering tools/list (HTTP 200 after 1 notification)');
  });
});
