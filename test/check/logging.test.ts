/** The logging checks of the utilities suite: pass on the notes server, fail on fixtures that break one rule each. */
import { describe, expect, it } from 'vitest';
import { expectCheck, expectFinding, exampleHttpServer, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { connect } from '../../src/client/connect.js';

describe('the notes server logs only when asked', () => {
  it('modern: search_notes with logLevel debug logs each note; without it, nothing', async () => {
    const client = await connect(notesStdio(), { era: 'modern', timeoutMs: 5000 });
    try {
      const asked = await client.callTool('search_notes', { query: 'milk' }, { meta: { 'io.modelcontextprotocol/logLevel': 'debug' } });
      expect(asked.notifications.filter((n) => n.method === 'notifications/message').length).toBe(4);
      const quiet = await client.callTool('search_notes', { query: 'milk' });
      expect(quiet.notifications).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe('utilities.log-level-required (LOG-01)', () => {
  const url = exampleHttpServer();
  it('passes on the notes server over stdio and HTTP', async () => {
    await expectCheck('utilities.log-level-required', notesStdio(), 'pass');
    await expectCheck('utilities.log-level-required', httpTarget(url()), 'pass');
  });
  it('fails on a server that logs without being asked', async () => {
    expectFinding(await expectCheck('utilities.log-level-required', fixtureStdio('logging-without-level'), 'fail'), 'log-without-level', 'fail');
  });
});

describe('utilities.invalid-log-level (LOG-03)', () => {
  const url = exampleHttpServer();
  it('passes on the notes server over stdio and HTTP', async () => {
    await expectCheck('utilities.invalid-log-level', notesStdio(), 'pass');
    await expectCheck('utilities.invalid-log-level', httpTarget(url()), 'pass');
  });
  it('warns on a server that ignores an unknown level', async () => {
    expectFinding(await expectCheck('utilities.invalid-log-level', fixtureStdio('logging-invalid-level-accepted'), 'warn'), 'invalid-level-accepted', 'warn');
  });
});

describe('utilities.legacy-set-level-invalid (LOG-06)', () => {
  const url = exampleHttpServer();
  it('passes on the notes server over stdio and HTTP', async () => {
    await expectCheck('utilities.legacy-set-level-invalid', notesStdio(), 'pass', { era: 'legacy' });
    await expectCheck('utilities.legacy-set-level-invalid', httpTarget(url()), 'pass', { era: 'legacy' });
  });
  it('warns on a server whose setLevel takes any level', async () => {
    expectFinding(
      await expectCheck('utilities.legacy-set-level-invalid', fixtureStdio('logging-set-level-lenient'), 'warn', { era: 'legacy' }),
      'invalid-level-accepted',
      'warn',
    );
  });
});

describe('utilities.logging-declared (LOG-04)', () => {
  it('passes on the notes server, which declares logging in both eras', async () => {
    for (const era of ['modern', 'legacy'] as const) await expectCheck('utilities.logging-declared', notesStdio(), 'pass', { era });
  });
  it('fails on a server that logs without declaring logging', async () => {
    expectFinding(await expectCheck('utilities.logging-declared', fixtureStdio('logging-undeclared'), 'fail'), 'undeclared-logging', 'fail');
  });
  it('passes on that server in the legacy era, where nothing makes it log', async () => {
    await expectCheck('utilities.logging-declared', fixtureStdio('logging-undeclared'), 'pass', { era: 'legacy' });
  });
});
