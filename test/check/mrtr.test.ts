/**
 * The mrtr suite against the notes server (delete_note asks for confirmation through MRTR) and
 * fixtures that each break one rule, over stdio and over HTTP on 127.0.0.1.
 * delete_note is not read-only, so every run names it in `calls` (distinct note ids keep runs
 * against the shared HTTP server independent: a completed flow deletes its note).
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';

const deleting = (id: string) => ({ calls: { delete_note: { id } } });

async function withFixtureServers(name: string, count: number, fn: (urls: string[]) => Promise<void>): Promise<void> {
  const servers: RunningServer[] = [];
  try {
    for (let i = 0; i < count; i++) servers.push(await startHttpServer(fixture(name)));
    await fn(servers.map((server) => server.url));
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

describe('mrtr suite over stdio', () => {
  it('input_required only on the three methods', async () => {
    await expectCheck('mrtr.input-required-methods', notesStdio(), 'pass', deleting('n1'));
    expectFinding(await expectCheck('mrtr.input-required-methods', fixtureStdio('mrtr-input-required-on-list'), 'fail'), 'method-not-allowed');
  });

  it('an InputRequiredResult has inputRequests or requestState', async () => {
    await expectCheck('mrtr.input-required-shape', notesStdio(), 'pass', deleting('n1'));
    expectFinding(await expectCheck('mrtr.input-required-shape', fixtureStdio('mrtr-empty-input-required'), 'fail', deleting('n1')), 'malformed-result');
  });

  it('is incomplete, naming the tools, when nothing may be called', async () => {
    const result = await expectCheck('mrtr.input-required-shape', notesStdio(), 'incomplete');
    expectFinding(result, 'no-callable-tool');
    expectFinding(result, 'no-callable-tool');
    if (!result.message.includes('delete_note')) throw new Error(`skip reason does not name delete_note: ${result.message}`);
  });

  it('no input requests for undeclared capabilities', async () => {
    await expectCheck('mrtr.undeclared-input-kinds', notesStdio(), 'pass', deleting('n1'));
    expectFinding(await expectCheck('mrtr.undeclared-input-kinds', fixtureStdio('mrtr-asks-undeclared'), 'fail', deleting('n1')), 'undeclared-kind-requested');
  });

  it('-32021 carries data.requiredCapabilities', async () => {
    await expectCheck('mrtr.missing-capability-data', notesStdio(), 'pass', deleting('n1'));
    expectFinding(
      await expectCheck('mrtr.missing-capability-data', fixtureStdio('mrtr-capability-error-no-data'), 'fail', deleting('n1')),
      'no-required-capabilities',
    );
  });

  it('a retry succeeds on a fresh process and on a replica', async () => {
    await expectCheck('mrtr.retry-on-another-instance', notesStdio(), 'pass', deleting('n1'));
    await expectCheck('mrtr.retry-on-another-instance', notesStdio(), 'pass', { ...deleting('n1'), replica: notesStdio() });
    expectFinding(await expectCheck('mrtr.retry-on-another-instance', fixtureStdio('mrtr-per-process-secret'), 'warn', deleting('n1')), 'retry-refused');
  });

  it('a tampered requestState is rejected', async () => {
    await expectCheck('mrtr.tampered-state-rejected', notesStdio(), 'pass', deleting('n1'));
    expectFinding(await expectCheck('mrtr.tampered-state-rejected', fixtureStdio('mrtr-unverified-state'), 'fail', deleting('n1')), 'tampered-state-accepted');
  });

  it('a replayed requestState is rejected (SHOULD: warns)', async () => {
    await expectCheck('mrtr.replayed-state-rejected', notesStdio(), 'pass', deleting('n1'));
    expectFinding(await expectCheck('mrtr.replayed-state-rejected', fixtureStdio('mrtr-replayable-state'), 'warn', deleting('n1')), 'replay-accepted');
  });

  it('the server sends no JSON-RPC requests', async () => {
    await expectCheck('mrtr.no-server-requests', notesStdio(), 'pass', deleting('n1'));
    expectFinding(await expectCheck('mrtr.no-server-requests', fixtureStdio('mrtr-sends-requests'), 'fail'), 'server-request-sent');
  });
});

describe('mrtr suite over HTTP', () => {
  let notes: RunningServer;
  let replica: RunningServer;
  beforeAll(async () => {
    [notes, replica] = await Promise.all([startHttpServer(), startHttpServer()]);
  });
  afterAll(async () => {
    await Promise.all([notes?.stop(), replica?.stop()]);
  });

  it('input_required only on the three methods', async () => {
    await expectCheck('mrtr.input-required-methods', httpTarget(notes.url), 'pass', deleting('n1'));
    await withFixtureServers('mrtr-input-required-on-list', 1, ([url]) =>
      expectCheck('mrtr.input-required-methods', httpTarget(url!), 'fail').then(() => undefined),
    );
  });

  it('an InputRequiredResult has inputRequests or requestState', async () => {
    await expectCheck('mrtr.input-required-shape', httpTarget(notes.url), 'pass', deleting('n1'));
    await withFixtureServers('mrtr-empty-input-required', 1, ([url]) =>
      expectCheck('mrtr.input-required-shape', httpTarget(url!), 'fail', deleting('n1')).then(() => undefined),
    );
  });

  it('no input requests for undeclared capabilities', async () => {
    await expectCheck('mrtr.undeclared-input-kinds', httpTarget(notes.url), 'pass', deleting('n1'));
    await withFixtureServers('mrtr-asks-undeclared', 1, ([url]) =>
      expectCheck('mrtr.undeclared-input-kinds', httpTarget(url!), 'fail', deleting('n1')).then(() => undefined),
    );
  });

  it('-32021 carries data.requiredCapabilities', async () => {
    await expectCheck('mrtr.missing-capability-data', httpTarget(notes.url), 'pass', deleting('n1'));
    await withFixtureServers('mrtr-capability-error-no-data', 1, ([url]) =>
      expectCheck('mrtr.missing-capability-data', httpTarget(url!), 'fail', deleting('n1')).then(() => undefined),
    );
  });

  it('a retry succeeds on another instance (--replica)', async () => {
    await expectCheck('mrtr.retry-on-another-instance', httpTarget(notes.url), 'pass', { ...deleting('n2'), replica: httpTarget(replica.url) });
    await withFixtureServers('mrtr-per-process-secret', 2, ([a, b]) =>
      expectCheck('mrtr.retry-on-another-instance', httpTarget(a!), 'warn', { ...deleting('n1'), replica: httpTarget(b!) }).then(() => undefined),
    );
  });

  it('a tampered requestState is rejected', async () => {
    await expectCheck('mrtr.tampered-state-rejected', httpTarget(notes.url), 'pass', deleting('n1'));
    await withFixtureServers('mrtr-unverified-state', 1, ([url]) =>
      expectCheck('mrtr.tampered-state-rejected', httpTarget(url!), 'fail', deleting('n1')).then(() => undefined),
    );
  });

  it('a replayed requestState is rejected (SHOULD: warns)', async () => {
    await expectCheck('mrtr.replayed-state-rejected', httpTarget(notes.url), 'pass', deleting('n3'));
    await withFixtureServers('mrtr-replayable-state', 1, ([url]) =>
      expectCheck('mrtr.replayed-state-rejected', httpTarget(url!), 'warn', deleting('n1')).then(() => undefined),
    );
  });

  it('the server sends no JSON-RPC requests', async () => {
    await expectCheck('mrtr.no-server-requests', httpTarget(notes.url), 'pass', deleting('n1'));
    await withFixtureServers('mrtr-sends-requests', 1, ([url]) => expectCheck('mrtr.no-server-requests', httpTarget(url!), 'fail').then(() => undefined));
  });
});
