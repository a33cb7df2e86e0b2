/** utilities.progress-notifications: passes on the notes server (search_notes reports progress), fails on each broken rule. */
import { describe, it } from 'vitest';
import { expectCheck, expectFinding, exampleHttpServer, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';

const ID = 'utilities.progress-notifications';

describe(ID, () => {
  const url = exampleHttpServer();
  for (const era of ['modern', 'legacy'] as const) {
    it(`passes on the notes server over stdio (${era})`, async () => {
      await expectCheck(ID, notesStdio(), 'pass', { era });
    });
    it(`passes on the notes server over HTTP (${era})`, async () => {
      await expectCheck(ID, httpTarget(url()), 'pass', { era });
    });
  }

  it('fails when progress goes down (PROG-01)', async () => {
    expectFinding(await expectCheck(ID, fixtureStdio('progress-decreasing'), 'fail'), 'not-increasing', 'fail');
  });

  it('fails when progress names a token no request carried (PROG-02)', async () => {
    expectFinding(await expectCheck(ID, fixtureStdio('progress-unknown-token'), 'fail'), 'inactive-token', 'fail');
  });

  it('fails when progress follows the response (PROG-03), in both eras', async () => {
    for (const era of ['modern', 'legacy'] as const)
      expectFinding(await expectCheck(ID, fixtureStdio('progress-after-completion'), 'fail', { era }), 'after-completion', 'fail');
  });
});
