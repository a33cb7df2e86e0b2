/** The completion suite: every check passes on the example server and fails on a fixture breaking exactly its rule. */
import { describe, expect, it } from 'vitest';
import { templateVariables } from '../../src/check/probes/completion/completion-shape.js';
import type { Status } from '../../src/check/types.js';
import { exampleHttpServer, expectCheck, expectFinding, expectSuitesClean, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';

const httpUrl = exampleHttpServer();

const broken: [id: string, fixture: string, status: Status, code: string][] = [
  ['completion.prompt-argument', 'completion-too-many-values', 'fail', 'malformed-result'],
  ['completion.resource-template-variable', 'completion-template-values-not-strings', 'fail', 'malformed-result'],
  ['completion.unknown-prompt-error', 'completion-unknown-prompt-accepted', 'warn', 'not-invalid-params'],
];

describe('completion checks on the example server (stdio, modern)', () => {
  it.each(broken.map(([id]) => id))('%s passes', async (id) => {
    await expectCheck(id, notesStdio(), 'pass');
  });
});

describe('completion checks on fixtures breaking exactly their rule', () => {
  it.each(broken)('%s on %s', async (id, fixture, status, code) => {
    expectFinding(await expectCheck(id, fixtureStdio(fixture), status), code);
  });

  it('says how many values came back when there are too many', async () => {
    const result = await expectCheck('completion.prompt-argument', fixtureStdio('completion-too-many-values'), 'fail');
    expectFinding(result, 'malformed-result');
    expect(result.message).toContain('101');
  });
});

describe('completion suite as a whole', () => {
  it('has no fail, warn or error on the example server over HTTP (modern)', async () => {
    await expectSuitesClean(httpTarget(httpUrl()), { suites: ['completion'] });
  });

  it('has no fail, warn or error on the example server in the legacy era', async () => {
    await expectSuitesClean(notesStdio(), { suites: ['completion'], era: 'legacy', allowSkips: true });
  });
});

describe('templateVariables', () => {
  it('reads the variable names of RFC 6570 expressions', () => {
    expect(templateVariables('notes://notes/{id}')).toEqual(['id']);
    expect(templateVariables('file:///{+path}{?a,b*}{#frag:3}')).toEqual(['path', 'a', 'b', 'frag']);
    expect(templateVariables('notes://readme')).toEqual([]);
  });
});
