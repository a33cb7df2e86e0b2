/**
 * The bounds checks: protocol.message-depth (a message nested deeper than 512 levels) and the
 * notification-flood checks of the stdio and http suites. Each passes on the example server and
 * notes (info) on a fixture that breaks exactly its rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheckRun } from '../../src/check/run.js';
import type { StdioTarget } from '../../src/wire/target.js';
import { exampleHttpServer, expectCheck, httpTarget, notesStdio } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';

const stdioFixture = (name: string, env: Record<string, string>): StdioTarget => ({
  transport: 'stdio',
  command: process.execPath,
  args: [fixture(name)],
  env,
});

describe('protocol.message-depth', () => {
  it('passes on the example server', () => expectCheck('protocol.message-depth', notesStdio(), 'pass'));

  it('check: the run goes on and protocol.message-depth reports it', async () => {
    const target = stdioFixture('deep-result', { DEEP_METHOD: 'prompts/list' });
    const report = await runCheckRun(target, { timeoutMs: 5000, only: ['protocol.message-depth', 'prompts.list-shape', 'tools.list-shape'] });
    const depth = report.results.find((result) => result.id === 'protocol.message-depth')!;
    expect(depth.status, depth.message).toBe('info');
    expect(depth.message).toContain('nested deeper than 512 levels');
    expect(report.results.find((result) => result.id === 'prompts.list-shape')?.status).not.toBe('pass');
    // tools/list is untouched by the fixture: the run did not stop at the deep message.
    expect(report.results.find((result) => result.id === 'tools.list-shape')?.status).toBe('pass');
  }, 60_000);
});

describe('stdio.notification-flood', () => {
  it('passes on the example server', () => expectCheck('stdio.notification-flood', notesStdio(), 'pass'));

  it('stdio: the flood is a stdio.notification-flood note (info)', async () => {
    const report = await runCheckRun(stdioFixture('notification-flood', { FLOOD_COUNT: '20000' }), { timeoutMs: 30_000, only: ['stdio.notification-flood'] });
    const result = report.results[0]!;
    expect(result.status, result.message).toBe('info');
    // check stops waiting at the flood (more than 10,000), not at the 20,000th.
    expect(result.message).toMatch(/tools\/list with 1\d{4}/);
  }, 90_000);
});

describe('http.notification-flood', () => {
  const url = exampleHttpServer();
  it('passes on the example server', () => expectCheck('http.notification-flood', httpTarget(url()), 'pass'));

  describe('a server that floods its SSE streams', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startHttpServer(fixture('notification-flood'), [], { FLOOD_COUNT: '20000' });
    });
    afterAll(() => server?.stop());

    it('the flood is an http.notification-flood note (info)', async () => {
      const report = await runCheckRun(httpTarget(server.url), { timeoutMs: 30_000, only: ['http.notification-flood'] });
      const result = report.results[0]!;
      expect(result.status, result.message).toBe('info');
      expect(result.evidence?.[0]?.frames?.[0]?.detail?.reason).toBe('notification-flood');
    }, 90_000);
  });

  describe('a server that floods without end', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startHttpServer(fixture('notification-flood'), [], { FLOOD_COUNT: '1000000' });
    });
    afterAll(() => server?.stop());

    it('check stops reading at the flood instead of until the timeout or the body cap', async () => {
      const report = await runCheckRun(httpTarget(server.url), { timeoutMs: 60_000, only: ['http.notification-flood'] });
      const result = report.results[0]!;
      expect(result.status, result.message).toBe('info');
      // Read on, the stream would run to the 64 MiB cap (about 500,000 of these notifications).
      expect(Number(result.evidence?.[0]?.frames?.[0]?.detail?.count)).toBe(10_001);
    }, 90_000);
  });
});
