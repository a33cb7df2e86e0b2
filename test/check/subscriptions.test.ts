/**
 * The subscriptions suite against the notes server (which supports subscriptions/listen) and
 * fixtures that each break one rule, over stdio and over HTTP on 127.0.0.1. Checks that need a
 * change may call add_note.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckRunOptions } from '../../src/check/run.js';
import type { Status } from '../../src/check/types.js';
import type { Target } from '../../src/wire/target.js';
import { expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';

const ADD_NOTE: CheckRunOptions = { allowCall: ['add_note'] };

// broken: the status on the fixture (fail unless the rule is weaker than a MUST).
// code: the finding the fixture must be caught by (not merely some failure).
const CASES: { id: string; broken: string; options?: CheckRunOptions; status?: Status; code: string }[] = [
  { id: 'subscriptions.ack-first', broken: 'subs-change-before-ack', code: 'not-first' },
  { id: 'subscriptions.ack-subscription-id', broken: 'subs-ack-own-id', code: 'wrong-subscription-id' },
  // Descriptive in the spec (no keyword): a warning that says so.
  { id: 'subscriptions.ack-honoured-filter', broken: 'subs-ack-claims-all', status: 'warn', code: 'filter-widened' },
  { id: 'subscriptions.notifications-carry-id', broken: 'subs-notifications-without-id', options: ADD_NOTE, code: 'missing-subscription-id' },
  { id: 'subscriptions.requested-kinds-only', broken: 'subs-unrequested-kinds', options: ADD_NOTE, code: 'unrequested-kind' },
];

async function onHttpFixture(name: string, run: (target: Target) => Promise<unknown>): Promise<void> {
  const server = await startHttpServer(fixture(name));
  try {
    await run(httpTarget(server.url));
  } finally {
    await server.stop();
  }
}

describe('subscriptions suite over stdio', () => {
  for (const { id, broken, options = {}, status = 'fail', code } of CASES) {
    it(`${id}: passes on the notes server, ${status}s on ${broken}`, async () => {
      await expectCheck(id, notesStdio(), 'pass', options);
      expectFinding(await expectCheck(id, fixtureStdio(broken), status, options), code);
    });
  }

  it('is skipped when the server has no subscriptions/listen', async () => {
    const result = await expectCheck('subscriptions.ack-first', fixtureStdio('subs-no-listen'), 'skip');
    expect(result.message).toContain('-32601');
  });

  it('checks that need a change are incomplete, naming the tools, when nothing may be called', async () => {
    const result = await expectCheck('subscriptions.requested-kinds-only', notesStdio(), 'incomplete');
    expectFinding(result, 'no-callable-tool');
    expectFinding(result, 'no-callable-tool');
    expect(result.message).toContain('add_note');
  });
});

describe('subscriptions suite over HTTP', () => {
  let notes: RunningServer;
  beforeAll(async () => {
    notes = await startHttpServer();
  });
  afterAll(async () => {
    await notes?.stop();
  });

  for (const { id, broken, options = {}, status = 'fail', code } of CASES) {
    it(`${id}: passes on the notes server, ${status}s on ${broken}`, async () => {
      await expectCheck(id, httpTarget(notes.url), 'pass', options);
      await onHttpFixture(broken, async (target) => expectFinding(await expectCheck(id, target, status, options), code));
    });
  }

  it('is skipped when the server answers 404 with -32601', async () => {
    await onHttpFixture('subs-no-listen', (target) => expectCheck('subscriptions.notifications-carry-id', target, 'skip', ADD_NOTE));
  });
});
