/**
 * MRTR error handling and declared input kinds: each check passes on the notes server (delete_note
 * asks for confirmation; runs name it in `calls`) and warns or fails with its code on a fixture
 * breaking exactly its rule, over stdio and HTTP on 127.0.0.1.
 */
import { describe, it } from 'vitest';
import type { Status } from '../../src/check/types.js';
import { exampleHttpServer, expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer } from '../helpers/run.js';

const deleting = (id: string) => ({ calls: { delete_note: { id } } });
const httpUrl = exampleHttpServer();

const broken: [id: string, fixture: string, status: Status, code: string][] = [
  ['mrtr.malformed-input-responses', 'mrtr-malformed-responses-accepted', 'warn', 'not-an-error'],
  ['mrtr.unknown-input-responses-ignored', 'mrtr-unknown-key-rejected', 'warn', 'unknown-key-rejected'],
  ['mrtr.missing-answers-asked-again', 'mrtr-missing-answer-error', 'warn', 'error-instead'],
  ['mrtr.elicitation-mode-declared', 'mrtr-form-when-url-only', 'fail', 'undeclared-mode'],
  ['mrtr.sampling-tools-declared', 'mrtr-sampling-with-tools', 'fail', 'undeclared-sampling-tools'],
];

describe('MRTR error handling and declared kinds on the notes server', () => {
  it.each(broken.map(([id]) => id))('%s passes over stdio and HTTP', async (id) => {
    await expectCheck(id, notesStdio(), 'pass', deleting('n1'));
    await expectCheck(id, httpTarget(httpUrl()), 'pass', deleting('n2'));
  });

  it.each(broken.map(([id]) => id))('%s is incomplete when delete_note may not be called', async (id) => {
    expectFinding(await expectCheck(id, notesStdio(), 'incomplete'), 'no-callable-tool');
  });
});

describe('MRTR fixtures breaking exactly one rule', () => {
  it.each(broken)('%s on %s over stdio', async (id, name, status, code) => {
    expectFinding(await expectCheck(id, fixtureStdio(name), status, deleting('n1')), code);
  });

  it.each(broken)('%s on %s over HTTP', async (id, name, status, code) => {
    const server = await startHttpServer(fixture(name));
    try {
      expectFinding(await expectCheck(id, httpTarget(server.url), status, deleting('n1')), code);
    } finally {
      await server.stop();
    }
  });
});
