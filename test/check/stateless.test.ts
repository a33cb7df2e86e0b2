/**
 * The stateless suite against the notes server and fixtures that each break one rule, over stdio
 * (where a fresh connection is a fresh process) and over HTTP on 127.0.0.1. Replica checks run
 * two instances of the same server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckRunOptions } from '../../src/check/run.js';
import type { Status } from '../../src/check/types.js';
import { expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';

const CONFIRM_DELETE: CheckRunOptions = { calls: { delete_note: { id: 'n1' } } };

async function onHttpFixtures(name: string, count: number, id: string, [status, code]: [Status, string], options: CheckRunOptions = {}): Promise<void> {
  const servers: RunningServer[] = [];
  try {
    for (let i = 0; i < count; i++) servers.push(await startHttpServer(fixture(name)));
    const replica = servers[1] ? { replica: httpTarget(servers[1].url) } : {};
    expectFinding(await expectCheck(id, httpTarget(servers[0]!.url), status, { ...options, ...replica }), code);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

describe('stateless suite over stdio', () => {
  it('a request works as the first message of a fresh process', async () => {
    await expectCheck('stateless.first-request-works', notesStdio(), 'pass');
    expectFinding(await expectCheck('stateless.first-request-works', fixtureStdio('stateless-needs-discover'), 'fail'), 'first-request-refused');
  });

  it('a malformed message does not switch the connection to the legacy era', async () => {
    await expectCheck('stateless.malformed-message-keeps-era', notesStdio(), 'pass');
    const result = await expectCheck('stateless.malformed-message-keeps-era', fixtureStdio('stateless-flips-to-legacy'), 'fail');
    expectFinding(result, 'era-lost');
    expect(result.message).toContain('legacy');
  });

  it('a server that flips to legacy after a malformed message does not spoil the other checks', async () => {
    const { runCheckRun } = await import('../../src/check/run.js');
    const report = await runCheckRun(fixtureStdio('stateless-flips-to-legacy'), { timeoutMs: 5000, suites: ['protocol', 'tools', 'stateless'] });
    const failed = report.results.filter((result) => result.status === 'fail').map((result) => result.id);
    expect(failed).toEqual(['stateless.malformed-message-keeps-era']);
  });

  it('tools/list is identical across connections', async () => {
    await expectCheck('stateless.tools-list-identical', notesStdio(), 'pass');
    expectFinding(await expectCheck('stateless.tools-list-identical', fixtureStdio('stateless-tools-vary'), 'fail'), 'tools-differ');
  });

  it('tools/list in another order on another connection only warns: the set is a MUST, the order a SHOULD', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'mcpvet-stateless-'));
    try {
      const result = await expectCheck(
        'stateless.tools-list-identical',
        fixtureStdio('tools-order-varies-per-connection', '--counter', join(scratch, 'order.count')),
        'warn',
      );
      expectFinding(result, 'order-differs');
      expect(result.message).toContain('another order');
      expect([result.level, result.requirements]).toEqual(['SHOULD', ['TOOL-04', 'TOOL-05']]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('tools/list ignores what an earlier request declared', async () => {
    await expectCheck('stateless.tools-list-ignores-earlier-capabilities', notesStdio(), 'pass');
    expectFinding(
      await expectCheck('stateless.tools-list-ignores-earlier-capabilities', fixtureStdio('stateless-sticky-tool-list'), 'fail'),
      'capabilities-remembered',
    );
  });

  it('capabilities declared earlier are not relied on', async () => {
    await expectCheck('stateless.no-capability-carryover', notesStdio(), 'pass', CONFIRM_DELETE);
    expectFinding(
      await expectCheck('stateless.no-capability-carryover', fixtureStdio('stateless-sticky-capabilities'), 'fail', CONFIRM_DELETE),
      'capabilities-carried-over',
    );
  });

  it('the carryover check is incomplete when no tool may be called', async () => {
    expectFinding(await expectCheck('stateless.no-capability-carryover', notesStdio(), 'incomplete'), 'no-callable-tool');
  });

  it('two instances give the same lists', async () => {
    await expectCheck('stateless.replica-same-answers', notesStdio(), 'pass', { replica: notesStdio() });
    expectFinding(
      await expectCheck('stateless.replica-same-answers', fixtureStdio('stateless-instance-tools'), 'fail', {
        replica: fixtureStdio('stateless-instance-tools'),
      }),
      'instances-disagree',
    );
  });

  it('cursors work across instances', async () => {
    await expectCheck('stateless.replica-pagination', notesStdio(), 'pass', { replica: notesStdio() });
    expectFinding(
      await expectCheck('stateless.replica-pagination', fixtureStdio('stateless-sticky-cursors'), 'warn', {
        replica: fixtureStdio('stateless-sticky-cursors'),
      }),
      'cursor-refused',
    );
  });

  it('replica checks are incomplete, naming the option, without a replica', async () => {
    const result = await expectCheck('stateless.replica-pagination', notesStdio(), 'incomplete');
    expectFinding(result, 'no-replica');
    expectFinding(result, 'no-replica');
    expectFinding(await expectCheck('stateless.replica-same-answers', notesStdio(), 'incomplete'), 'no-replica');
    expect(result.message).toContain('--replica');
  });
});

describe('stateless suite over HTTP', () => {
  let notes: RunningServer;
  let replica: RunningServer;
  beforeAll(async () => {
    [notes, replica] = await Promise.all([startHttpServer(), startHttpServer()]);
  });
  afterAll(async () => {
    await Promise.all([notes?.stop(), replica?.stop()]);
  });

  it('a request works as the first message of a new client', async () => {
    await expectCheck('stateless.first-request-works', httpTarget(notes.url), 'pass');
    await onHttpFixtures('stateless-needs-discover', 1, 'stateless.first-request-works', ['fail', 'first-request-refused']);
  });

  it('tools/list is identical across connections', async () => {
    await expectCheck('stateless.tools-list-identical', httpTarget(notes.url), 'pass');
    await onHttpFixtures('stateless-tools-vary', 1, 'stateless.tools-list-identical', ['fail', 'tools-differ']);
  });

  it('tools/list ignores what an earlier request declared', async () => {
    await expectCheck('stateless.tools-list-ignores-earlier-capabilities', httpTarget(notes.url), 'pass');
    await onHttpFixtures('stateless-sticky-tool-list', 1, 'stateless.tools-list-ignores-earlier-capabilities', ['fail', 'capabilities-remembered']);
  });

  it('capabilities declared earlier are not relied on', async () => {
    await expectCheck('stateless.no-capability-carryover', httpTarget(notes.url), 'pass', CONFIRM_DELETE);
    await onHttpFixtures('stateless-sticky-capabilities', 1, 'stateless.no-capability-carryover', ['fail', 'capabilities-carried-over'], CONFIRM_DELETE);
  });

  it('two instances give the same lists', async () => {
    await expectCheck('stateless.replica-same-answers', httpTarget(notes.url), 'pass', { replica: httpTarget(replica.url) });
    await onHttpFixtures('stateless-instance-tools', 2, 'stateless.replica-same-answers', ['fail', 'instances-disagree']);
  });

  it('cursors work across instances', async () => {
    await expectCheck('stateless.replica-pagination', httpTarget(notes.url), 'pass', { replica: httpTarget(replica.url) });
    await onHttpFixtures('stateless-sticky-cursors', 2, 'stateless.replica-pagination', ['warn', 'cursor-refused']);
  });
});
