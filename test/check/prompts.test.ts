/** The prompts suite: every check passes on the example server and fails on a fixture breaking exactly its rule. */
import { describe, expect, it } from 'vitest';
import type { Status } from '../../src/check/types.js';
import { exampleHttpServer, expectCheck, expectFinding, expectSuitesClean, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';

const httpUrl = exampleHttpServer();

const broken: [id: string, fixture: string, status: Status, code: string][] = [
  ['prompts.list-shape', 'prompts-invalid-prompt-shape', 'fail', 'malformed-list'],
  ['prompts.get-listed', 'prompts-get-invalid-messages', 'fail', 'invalid-messages'],
  ['prompts.unknown-prompt-error', 'prompts-unknown-prompt-internal-error', 'warn', 'not-invalid-params'],
  ['prompts.missing-argument-error', 'prompts-missing-argument-accepted', 'warn', 'not-invalid-params'],
  ['prompts.list-cache-hints', 'prompts-list-no-cache-hints', 'fail', 'missing-cache-hints'],
];

describe('prompts checks on the example server (stdio, modern)', () => {
  it.each(broken.map(([id]) => id))('%s passes', async (id) => {
    await expectCheck(id, notesStdio(), 'pass');
  });

  it("renders a prompt with a required argument from the server's own completion", async () => {
    const result = await expectCheck('prompts.get-listed', notesStdio(), 'pass');
    expect(result.message).toContain('summarize_note');
  });
});

describe('prompts checks on fixtures breaking exactly their rule', () => {
  it.each(broken)('%s on %s', async (id, fixture, status, code) => {
    expectFinding(await expectCheck(id, fixtureStdio(fixture), status), code);
  });
});

describe('prompts suite as a whole', () => {
  it('has no fail, warn or error on the example server over HTTP (modern)', async () => {
    // The list_changed check needs a tool that changes a list allowed (list-changed.test.ts judges it).
    await expectSuitesClean(httpTarget(httpUrl()), { suites: ['prompts'], skip: ['prompts.list-changed-notification', 'prompts.pagination-cache-scope'] });
  });

  it('has no fail, warn or error on the example server in the legacy era', async () => {
    await expectSuitesClean(notesStdio(), { suites: ['prompts'], era: 'legacy', allowSkips: true, skip: ['prompts.list-changed-notification'] });
  });
});
