import { describe, expect, it } from 'vitest';
import { expectCheck, expectFinding, fixtureStdio, notesStdio } from '../helpers/check.js';

describe('lint suite', () => {
  it('lint.no-errors passes on the example server', () => expectCheck('lint.no-errors', notesStdio(), 'pass'));
  it('lint.no-errors fails on a tool whose inputSchema is not an object schema', async () =>
    expectFinding(await expectCheck('lint.no-errors', fixtureStdio('lint-broken-schema'), 'fail'), 'lint-findings'));
  it('lint.no-warnings passes on the example server', () => expectCheck('lint.no-warnings', notesStdio(), 'pass'));
  // Lint advice is no spec rule: a note, never a warning.
  it('lint.no-warnings is an info note on a draft-07 schema', async () =>
    expectFinding(await expectCheck('lint.no-warnings', fixtureStdio('lint-draft07-schema'), 'info'), 'lint-findings'));
  // A duplicate name is a spec SHOULD (tools.names-unique), not a MUST: lint.no-errors no longer fails for it.
  it('a duplicate tool name is advice in the lint suite, not a lint error', async () => {
    await expectCheck('lint.no-errors', fixtureStdio('tools-duplicate-name'), 'pass');
    const advice = await expectCheck('lint.no-warnings', fixtureStdio('tools-duplicate-name'), 'info');
    expectFinding(advice, 'lint-findings');
    expect(advice.message).toContain('tool.name-duplicate');
  });
});
