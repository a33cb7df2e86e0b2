/** protocol.utf8-messages (BASE-19): multi-byte UTF-8 in, the same UTF-8 out, in both eras and transports. */
import { describe, expect, it } from 'vitest';
import { exampleHttpServer, expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer } from '../helpers/run.js';

const ID = 'protocol.utf8-messages';

describe(ID, () => {
  const url = exampleHttpServer();
  for (const era of ['modern', 'legacy'] as const) {
    it(`passes on the notes server over stdio and HTTP (${era})`, async () => {
      const result = await expectCheck(ID, notesStdio(), 'pass', { era });
      expect(result.message).toContain('é-✓-日本-🙂');
      await expectCheck(ID, httpTarget(url()), 'pass', { era });
    });
    it(`fails with invalid-utf8 on a server that writes Latin-1 over stdio (${era})`, async () => {
      expectFinding(await expectCheck(ID, fixtureStdio('base-latin1-output'), 'fail', { era }), 'invalid-utf8', 'fail');
    });
  }
  it('fails with invalid-utf8 on a server that writes Latin-1 HTTP bodies', async () => {
    const server = await startHttpServer(fixture('base-latin1-output'));
    try {
      expectFinding(await expectCheck(ID, httpTarget(server.url), 'fail'), 'invalid-utf8', 'fail');
    } finally {
      await server.stop();
    }
  });
  it('fails with text-mangled on a server that reads stdin as Latin-1', async () => {
    const result = await expectCheck(ID, fixtureStdio('base-latin1-input'), 'fail');
    expectFinding(result, 'text-mangled', 'fail');
    expect(result.message).toContain('Ã©');
  });
});
