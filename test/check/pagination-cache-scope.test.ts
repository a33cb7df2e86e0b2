/** CACHE-04 beyond tools/list: resources.pagination-cache-scope and prompts.pagination-cache-scope. */
import { describe, expect, it } from 'vitest';
import { expectCheck, expectFinding, fixtureStdio, notesStdio } from '../helpers/check.js';

const cases = [
  ['resources.pagination-cache-scope', ['resources/list', 'resources/templates/list']],
  ['prompts.pagination-cache-scope', ['prompts/list']],
] as const;

describe.each(cases)('%s', (id, methods) => {
  it('skips on the notes server, whose lists fit on one page', async () => {
    await expectCheck(id, notesStdio(), 'skip');
  });
  it('passes on a server whose pages all say cacheScope "public"', async () => {
    const result = await expectCheck(id, fixtureStdio('lists-paged'), 'pass');
    for (const method of methods) expect(result.message).toContain(method);
  });
  it('fails with scope-differs when the second page says "private"', async () => {
    const result = await expectCheck(id, fixtureStdio('lists-paged', '--mixed'), 'fail');
    const finding = expectFinding(result, 'scope-differs', 'fail');
    expect(finding.location).toEqual({ method: methods[0] });
    expect(result.findings).toHaveLength(methods.length);
  });
  it('does not run in the legacy era (cache hints are 2026-07-28)', async () => {
    await expectCheck(id, fixtureStdio('lists-paged', '--mixed'), 'skip', { era: 'legacy' });
  });
});
