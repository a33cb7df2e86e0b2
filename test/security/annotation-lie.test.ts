/**
 * security.annotation-lie against real servers: the example server's read-only tools change
 * nothing; a fixture whose read-only get_note counts views in resources/list is caught.
 */
import { describe, expect, it } from 'vitest';
import { exampleHttpServer, expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';

const ID = 'security.annotation-lie';

describe('security.annotation-lie', () => {
  const url = exampleHttpServer();

  it('passes on the example server over stdio, comparing lists and resource texts', async () => {
    const result = await expectCheck(ID, notesStdio(), 'pass');
    expect(result.message).toContain('"get_note"');
    expect(result.message).toMatch(/stable answer\(s\) \(tools\/list, .*resources\/list/);
  });

  it('passes on the example server over HTTP', () => expectCheck(ID, httpTarget(url()), 'pass'));

  it('warns when a read-only tool changes what resources/list returns', async () => {
    const result = await expectCheck(ID, fixtureStdio('security-readonly-writes'), 'warn');
    const finding = expectFinding(result, 'state-changed', 'warn');
    expect(finding.message).toContain('"get_note" is annotated readOnlyHint: true, but calling it changed resources/list');
    expect(finding.location).toEqual({ tool: 'get_note', pointer: '/annotations/readOnlyHint' });
    expect(result.level).toBe('SECURITY');
  });
});
