/** PAG-01 beyond tools/list: resources.invalid-cursor and prompts.invalid-cursor. */
import { describe, expect, it } from 'vitest';
import { exampleHttpServer, expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';

const cases = [
  ['resources.invalid-cursor', 'resources-invalid-cursor-accepted', ['resources/list', 'resources/templates/list']],
  ['prompts.invalid-cursor', 'prompts-invalid-cursor-accepted', ['prompts/list']],
] as const;

describe.each(cases)('%s', (id, broken, methods) => {
  const url = exampleHttpServer();
  for (const era of ['modern', 'legacy'] as const) {
    it(`passes on the notes server over stdio and HTTP (${era})`, async () => {
      await expectCheck(id, notesStdio(), 'pass', { era });
      await expectCheck(id, httpTarget(url()), 'pass', { era });
    });
    it(`warns with not-invalid-params on ${broken} (${era})`, async () => {
      const result = await expectCheck(id, fixtureStdio(broken), 'warn', { era });
      expectFinding(result, 'not-invalid-params', 'warn');
      const located = result.findings.map((finding) => (finding.location && 'method' in finding.location ? finding.location.method : undefined));
      expect(located).toEqual([...methods]);
    });
  }
});
