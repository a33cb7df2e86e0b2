/** protocol.legacy-capabilities-declared: LIFE-15 and CMP-04 in the 2025-11-25 era. */
import { describe, expect, it } from 'vitest';
import { expectCheck, expectFinding, fixtureStdio, notesStdio } from '../helpers/check.js';

const ID = 'protocol.legacy-capabilities-declared';
const legacy = { era: 'legacy' as const };

describe(ID, () => {
  it('is not applicable to the notes server, which declares every capability', async () => {
    await expectCheck(ID, notesStdio(), 'skip', legacy);
  });
  it('passes on the notes server without prompts, whose prompts/* answer -32601', async () => {
    await expectCheck(ID, fixtureStdio('proto-no-prompts'), 'pass', legacy);
  });
  it('fails with supported-undeclared when prompts/list serves prompts the server does not declare', async () => {
    const result = await expectCheck(ID, fixtureStdio('proto-no-prompts', '--leak'), 'fail', legacy);
    expect(expectFinding(result, 'supported-undeclared', 'fail').location).toEqual({ method: 'prompts/list' });
  });
  it('fails with supported-undeclared when completion/complete suggests values without the capability', async () => {
    expectFinding(await expectCheck(ID, fixtureStdio('lifecycle-legacy-completions-undeclared', '--values'), 'fail', legacy), 'supported-undeclared', 'fail');
  });
  it('warns with completion-not-method-not-found when undeclared completion/complete answers another error', async () => {
    const result = await expectCheck(ID, fixtureStdio('lifecycle-legacy-completions-undeclared'), 'warn', legacy);
    expectFinding(result, 'completion-not-method-not-found', 'warn');
  });
  it('does not run in the modern era (protocol.undeclared-capability-not-found does)', async () => {
    await expectCheck(ID, fixtureStdio('proto-no-prompts', '--leak'), 'skip');
  });
});
