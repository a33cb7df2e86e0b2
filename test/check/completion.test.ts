/** The completion suite: every check passes on the example server and fails on a fixture breaking exactly its rule. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheckRun } from '../../src/check/run.js';
import { templateVariables } from '../../src/check/suites/completion/shared/completion-shape.js';
import type { Status } from '../../src/check/types.js';
import { expectCheck, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';

let http: RunningServer;
beforeAll(async () => {
  http = await startHttpServer();
});
afterAll(async () => {
  await http?.stop();
});

const broken: [id: string, fixture: string, status: Status][] = [
  ['completion.prompt-argument', 'completion-too-many-values', 'fail'],
  ['completion.resource-template-variable', 'completion-template-values-not-strings', 'fail'],
  ['completion.unknown-prompt-error', 'completion-unknown-prompt-accepted', 'fail'],
];

describe('completion checks on the example server (stdio, modern)', () => {
  it.each(broken.map(([id]) => id))('%s passes', async (id) => {
    await expectCheck(id, notesStdio(), 'pass');
  });
});

describe('completion checks on fixtures breaking exactly their rule', () => {
  it.each(broken)('%s on %s', async (id, fixture, status) => {
    await expectCheck(id, fixtureStdio(fixture), status);
  });

  it('says how many values came back when there are too many', async () => {
    const result = await expectCheck('completion.prompt-argument', fixtureStdio('completion-too-many-values'), 'fail');
    expect(result.message).toContain('101');
  });
});

describe('completion suite as a whole', () => {
  it('has no fail, warn or error on the example server over HTTP (modern)', async () => {
    const report = await runCheckRun(httpTarget(http.url), { suites: ['completion'], timeoutMs: 5000 });
    const bad = report.results.filter((r) => r.status !== 'pass');
    expect(bad.map((r) => `${r.id}: ${r.status} ${r.message}`)).toEqual([]);
  });

  it('has no fail, warn or error on the example server in the legacy era', async () => {
    const report = await runCheckRun(notesStdio(), { suites: ['completion'], era: 'legacy', timeoutMs: 5000 });
    const bad = report.results.filter((r) => !['pass', 'skip'].includes(r.status));
    expect(bad.map((r) => `${r.id}: ${r.status} ${r.message}`)).toEqual([]);
  });
});

describe('templateVariables', () => {
  it('reads the variable names of RFC 6570 expressions', () => {
    expect(templateVariables('notes://notes/{id}')).toEqual(['id']);
    expect(templateVariables('file:///{+path}{?a,b*}{#frag:3}')).toEqual(['path', 'a', 'b', 'frag']);
    expect(templateVariables('notes://readme')).toEqual([]);
  });
});
