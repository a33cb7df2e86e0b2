/** protocol.notifications-without-id (BASE-11). */
import { describe, expect, it } from 'vitest';
import { exampleHttpServer, expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';

const ID = 'protocol.notifications-without-id';

describe(ID, () => {
  const url = exampleHttpServer();
  it('passes on the notes server over stdio and HTTP (its listen acknowledgement has no id)', async () => {
    expect((await expectCheck(ID, notesStdio(), 'pass')).message).toMatch(/none of the server's \d+ notification/);
    await expectCheck(ID, httpTarget(url()), 'pass');
  });
  it('fails with notification-with-id on a server whose notifications carry ids', async () => {
    const result = await expectCheck(ID, fixtureStdio('base-notification-with-id'), 'fail');
    expectFinding(result, 'notification-with-id', 'fail');
    expect(result.message).toContain('note-1');
  });
  it('is incomplete in the legacy era when the run saw no notification', async () => {
    expectFinding(await expectCheck(ID, notesStdio(), 'incomplete', { era: 'legacy' }), 'no-notifications', 'incomplete');
  });
});
