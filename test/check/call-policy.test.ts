/**
 * The call policy: a tool is called unasked only when annotated readOnlyHint: true and
 * openWorldHint: false (openWorldHint defaults to true); --allow-call and --calls allow the rest.
 */
import { describe, expect, it } from 'vitest';
import { makeCallPolicy } from '../../src/protocol/call-policy.js';
import { expectCheck, fixtureStdio, notesStdio } from '../helpers/check.js';

const tool = (annotations?: Record<string, unknown>) => ({ name: 'search', inputSchema: { type: 'object' }, annotations });

describe('call policy', () => {
  const policy = makeCallPolicy([], {});
  it('calls a read-only, closed-world tool unasked', () => expect(policy(tool({ readOnlyHint: true, openWorldHint: false })).allowed).toBe(true));
  it('does not call a read-only tool whose openWorldHint is absent (it defaults to true)', () => {
    const verdict = policy(tool({ readOnlyHint: true }));
    expect(verdict).toMatchObject({ allowed: false });
    expect(verdict.allowed === false && verdict.reason).toContain('openWorldHint is absent, which means true');
  });
  it('does not call a read-only, open-world tool', () => expect(policy(tool({ readOnlyHint: true, openWorldHint: true })).allowed).toBe(false));
  it('does not call a tool without annotations', () => expect(policy(tool()).allowed).toBe(false));
  it('calls an open-world tool allowed by --allow-call or --calls', () => {
    expect(makeCallPolicy(['sea*'], {})(tool({ readOnlyHint: true })).allowed).toBe(true);
    expect(makeCallPolicy([], { search: { q: 'x' } })(tool())).toEqual({ allowed: true, args: { q: 'x' } });
  });

  it("a check calls the example server's closed-world read-only tools", () => expectCheck('errors.invalid-arguments-rejected', notesStdio(), 'pass'));
  it('a check calls nothing when the read-only tools leave openWorldHint out', async () => {
    const result = await expectCheck('errors.invalid-arguments-rejected', fixtureStdio('tools-open-world-default'), 'incomplete');
    expect(result.message).toContain('openWorldHint is absent, which means true');
  });
  it('--allow-call lets the check call them', () =>
    expectCheck('errors.invalid-arguments-rejected', fixtureStdio('tools-open-world-default'), 'pass', { allowCall: ['get_note'] }));
});
