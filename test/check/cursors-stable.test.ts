/** protocol.cursors-stable (PAG-02): a cursor used again gives the same page. */
import { describe, expect, it } from 'vitest';
import { exampleHttpServer, expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';

const ID = 'protocol.cursors-stable';

describe(ID, () => {
  const url = exampleHttpServer();
  for (const era of ['modern', 'legacy'] as const) {
    it(`passes on the notes server over stdio and HTTP (${era})`, async () => {
      expect((await expectCheck(ID, notesStdio(), 'pass', { era })).message).toContain('tools/list');
      await expectCheck(ID, httpTarget(url()), 'pass', { era });
    });
    it(`warns with cursor-not-reusable on a server whose cursors work once (${era})`, async () => {
      expectFinding(await expectCheck(ID, fixtureStdio('cursors-single-use'), 'warn', { era }), 'cursor-not-reusable', 'warn');
    });
  }
  it('judges every paginated list: resources, templates and prompts too', async () => {
    const result = await expectCheck(ID, fixtureStdio('lists-paged'), 'pass');
    for (const method of ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']) expect(result.message).toContain(method);
  });
  it('skips when no list has a second page', async () => {
    await expectCheck(ID, notesStdio('--page-size', '100'), 'skip');
  });
});
