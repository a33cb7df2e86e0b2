/**
 * Extension negotiation (LIFE-17) and the legacy rule of negotiated capabilities (LIFE-L5): each
 * check passes on a correct server and fails with its code on a fixture breaking exactly its
 * rule, over stdio and HTTP on 127.0.0.1.
 */
import { describe, it } from 'vitest';
import { exampleHttpServer, expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer } from '../helpers/run.js';

const getNote = { calls: { get_note: { id: 'n1' } } };
const httpUrl = exampleHttpServer();

describe('tools.extension-fallback', () => {
  it('skips a server that declares no extension (the notes server without tasks)', async () => {
    await expectCheck('tools.extension-fallback', notesStdio('--no-tasks'), 'skip', getNote);
  });

  it('passes on the notes server, whose tasks come only to requests that declare the extension', async () => {
    await expectCheck('tools.extension-fallback', notesStdio(), 'pass', getNote);
  });

  it('passes when the extension result comes only to requests that declared it', async () => {
    await expectCheck('tools.extension-fallback', fixtureStdio('ext-tasks-server'), 'pass', getNote);
  });

  it('fails when a task answers a request that did not declare the Tasks extension', async () => {
    expectFinding(await expectCheck('tools.extension-fallback', fixtureStdio('ext-tasks-server', '--always'), 'fail', getNote), 'extension-not-negotiated');
    const server = await startHttpServer(fixture('ext-tasks-server'), ['--always']);
    try {
      expectFinding(await expectCheck('tools.extension-fallback', httpTarget(server.url), 'fail', getNote), 'extension-not-negotiated');
    } finally {
      await server.stop();
    }
  });
});

describe('mrtr.legacy-negotiated-only', () => {
  const deleting = { calls: { delete_note: { id: 'n1' } }, era: 'legacy' as const };

  it('passes on the notes server (stdio and HTTP), which elicits only from clients that declared it', async () => {
    await expectCheck('mrtr.legacy-negotiated-only', notesStdio(), 'pass', deleting);
    await expectCheck('mrtr.legacy-negotiated-only', httpTarget(httpUrl()), 'pass', deleting);
  });

  it('fails when the server sends elicitation/create to a client that did not declare elicitation', async () => {
    expectFinding(await expectCheck('mrtr.legacy-negotiated-only', fixtureStdio('mrtr-legacy-elicits-undeclared'), 'fail', deleting), 'unnegotiated');
    const server = await startHttpServer(fixture('mrtr-legacy-elicits-undeclared'));
    try {
      expectFinding(await expectCheck('mrtr.legacy-negotiated-only', httpTarget(server.url), 'fail', deleting), 'unnegotiated');
    } finally {
      await server.stop();
    }
  });
});
