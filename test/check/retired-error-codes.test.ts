/** protocol.retired-error-codes (BASE-16): no -32002 or -32042 from a 2026-07-28 server. */
import { describe, expect, it } from 'vitest';
import { exampleHttpServer, expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';

const ID = 'protocol.retired-error-codes';

describe(ID, () => {
  const url = exampleHttpServer();
  it('passes on the notes server over stdio and HTTP', async () => {
    await expectCheck(ID, notesStdio(), 'pass');
    await expectCheck(ID, httpTarget(url()), 'pass');
  });
  it('fails with retired-code on a server that answers an unknown tool with -32042', async () => {
    const result = await expectCheck(ID, fixtureStdio('base-retired-url-elicitation'), 'fail');
    expectFinding(result, 'retired-code', 'fail');
    expect(result.message).toContain('-32042');
  });
  it('fails with retired-code on a server that answers an unknown resource with -32002', async () => {
    const result = await expectCheck(ID, fixtureStdio('resources-unknown-uri-legacy-code'), 'fail');
    expect(expectFinding(result, 'retired-code', 'fail').message).toContain('-32002');
  });
  it('does not run in the legacy era, where both codes are in use', async () => {
    await expectCheck(ID, fixtureStdio('base-retired-url-elicitation'), 'skip', { era: 'legacy' });
  });
});
