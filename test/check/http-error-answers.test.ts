/**
 * Error answers the HTTP transport allows, on real servers over 127.0.0.1: a 4xx refusal of a
 * notification (with an id-less JSON-RPC error body), a foreign-Origin 403 with any body, and a
 * 404 for an unknown session whose body is no JSON-RPC answer. And a server that answers nothing
 * at all is not judged on the answer it owes: the check is incomplete, not failed.
 */
import { describe, expect, it } from 'vitest';
import { runCheckRun } from '../../src/check/run.js';
import { expectCheck, expectFinding, httpTarget } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';

async function withFixture(name: string, body: (server: RunningServer) => Promise<void>): Promise<void> {
  const server = await startHttpServer(fixture(name));
  try {
    await body(server);
  } finally {
    await server.stop();
  }
}

describe('http: error answers that are allowed', () => {
  it('protocol.unknown-notification-ignored passes a 400 refusal carrying an id-less JSON-RPC error', async () => {
    await withFixture('http-refuses-notifications-400', async (server) => {
      await expectCheck('protocol.unknown-notification-ignored', httpTarget(server.url), 'pass');
    });
  }, 60_000);

  it('http.notification-202 passes a 4xx refusal of a notification', async () => {
    await withFixture('http-refuses-notifications-400', async (server) => {
      await expectCheck('http.notification-202', httpTarget(server.url), 'pass');
    });
  }, 60_000);

  it('http.notification-202 is incomplete, not failed, when the server stops answering altogether', async () => {
    await withFixture('http-silent-after-notification', async (server) => {
      const result = await expectCheck('http.notification-202', httpTarget(server.url), 'incomplete');
      expectFinding(result, 'no-answer', 'incomplete');
      expect(result.message).toContain('the server is not answering');
    });
  }, 60_000);

  it('http.foreign-origin-403 passes a 403 with a text/plain body', async () => {
    await withFixture('http-error-pages-text-plain', async (server) => {
      await expectCheck('http.foreign-origin-403', httpTarget(server.url), 'pass');
    });
  }, 60_000);

  it('http.content-type-matches does not judge a 403 or a 404 (unknown session) whose body is no JSON-RPC answer', async () => {
    await withFixture('http-error-pages-text-plain', async (server) => {
      const modern = await runCheckRun(httpTarget(server.url), { timeoutMs: 5000, only: ['http.foreign-origin-403', 'http.content-type-matches'] });
      const legacy = await runCheckRun(httpTarget(server.url), {
        timeoutMs: 5000,
        era: 'legacy',
        only: ['http.legacy-deleted-session-404', 'http.content-type-matches'],
      });
      for (const report of [modern, legacy]) {
        const statuses = Object.fromEntries(report.results.map((result) => [result.id, `${result.status}: ${result.message}`]));
        for (const status of Object.values(statuses)) expect(status, JSON.stringify(statuses)).toMatch(/^pass/);
        expect(report.results).toHaveLength(2);
      }
    });
  }, 90_000);
});
