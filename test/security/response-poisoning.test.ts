/**
 * security.response-poisoning against real servers: the example notes server's read-only tools
 * answer clean results (stdio and HTTP); a fixture whose read-only list_notes appends an injected
 * instruction fails with its codes; a server whose tools may not be called is incomplete.
 */
import { describe, expect, it } from 'vitest';
import { exampleHttpServer, expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';

const ID = 'security.response-poisoning';

describe('security.response-poisoning', () => {
  const url = exampleHttpServer();

  it('passes on the example server over stdio', async () => {
    const result = await expectCheck(ID, notesStdio(), 'pass');
    expect(result.message).toMatch(/\d+ answer\(s\) of \d+ tool\(s\) scanned/);
    expect(result.message).toContain('--allow-call');
  });
  it('passes on the example server over HTTP', () => expectCheck(ID, httpTarget(url()), 'pass'));

  it('fails when a read-only tool returns an injected instruction', async () => {
    const result = await expectCheck(ID, fixtureStdio('security-poisoned-output'), 'fail');
    expect(expectFinding(result, 'ignore-previous', 'fail').message).toMatch(
      /the result of "list_notes" \/content\/1\/text, characters \d+-\d+: .*"ignore all previous instructions"/,
    );
    expect(expectFinding(result, 'conceal-from-user', 'fail').location).toEqual({ tool: 'list_notes', pointer: '/content/1/text' });
    expect(result.requirements).toEqual(['SEC-RESPONSE-POISONING']);
  });
  it('fails in the legacy era too', async () =>
    expectFinding(await expectCheck(ID, fixtureStdio('security-poisoned-output'), 'fail', { era: 'legacy' }), 'ignore-previous'));

  it('is incomplete, saying how to allow calls, when no tool may be called', async () => {
    const result = await expectCheck(ID, fixtureStdio('tools-open-world-default'), 'incomplete');
    expectFinding(result, 'no-callable-tool');
    expect(result.message).toContain('--allow-call');
  });
  it('calls what --allow-call allows', () => expectCheck(ID, fixtureStdio('tools-open-world-default'), 'pass', { allowCall: ['list_notes'] }));
});
