/** Base and lifecycle requirements added to existing protocol checks: BASE-04, BASE-17, LIFE-15, CMP-04. */
import { describe, it } from 'vitest';
import { expectCheck, expectFinding, exampleHttpServer, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { checkResult } from '../helpers/check.js';
import { runCheckRun } from '../../src/check/run.js';
import { expect } from 'vitest';
import { fixture } from '../helpers/paths.js';
import { startHttpServer } from '../helpers/run.js';

describe('protocol.error-echoes-request-id: results too (BASE-04)', () => {
  const ID = 'protocol.error-echoes-request-id';
  const url = exampleHttpServer();
  for (const era of ['modern', 'legacy'] as const) {
    it(`passes on the notes server over stdio and HTTP (${era})`, async () => {
      await expectCheck(ID, notesStdio(), 'pass', { era });
      await expectCheck(ID, httpTarget(url()), 'pass', { era });
    });
    it(`fails on a server whose results turn an integer id into a string (${era})`, async () => {
      const result = await expectCheck(ID, fixtureStdio('base-result-id-stringified'), 'fail', { era });
      expectFinding(result, 'result-id-not-echoed', 'fail');
      expect(result.findings.some((finding) => finding.code === 'id-not-echoed')).toBe(false);
    });
  }
});

describe('protocol.reserved-error-codes: -32000..-32019 (BASE-17)', () => {
  const ID = 'protocol.reserved-error-codes';
  it('passes on the notes server', async () => {
    await expectCheck(ID, notesStdio(), 'pass');
  });
  it('warns on a server that answers an unknown tool with -32001', async () => {
    expectFinding(await expectCheck(ID, fixtureStdio('base-server-error-code'), 'warn'), 'server-error-range', 'warn');
  });
});

describe('protocol.undeclared-capability-not-found: supported means declared (LIFE-15, CMP-04)', () => {
  const ID = 'protocol.undeclared-capability-not-found';
  // -32601 for an undeclared capability comes from the 2026 schema only (no keyword): an empty list there is a warning.
  it('warns when an undeclared prompts/list answers an empty list instead of -32601 (LIFE-19)', async () => {
    const result = await expectCheck(ID, fixtureStdio('lifecycle-empty-prompts-undeclared'), 'warn');
    expectFinding(result, 'undeclared-served', 'warn');
    expect(result.message).toContain('without MUST or SHOULD');
  });
  it('warns when completion/complete answers something other than -32601 without the completions capability', async () => {
    const result = await checkResult(ID, fixtureStdio('lifecycle-completions-undeclared'));
    expect(result.status, result.message).toBe('warn');
    expectFinding(result, 'completion-not-method-not-found', 'warn');
  });
});

describe('completion.missing-argument-error (CMP-03)', () => {
  const ID = 'completion.missing-argument-error';
  const url = exampleHttpServer();
  for (const era of ['modern', 'legacy'] as const) {
    it(`passes on the notes server over stdio and HTTP (${era})`, async () => {
      await expectCheck(ID, notesStdio(), 'pass', { era });
      await expectCheck(ID, httpTarget(url()), 'pass', { era });
    });
  }
  it('warns on a server that answers a completion without an argument', async () => {
    expectFinding(await expectCheck(ID, fixtureStdio('completion-missing-argument-accepted'), 'warn'), 'not-invalid-params', 'warn');
  });
});

describe('protocol.meta-key-syntax: extension identifiers (LIFE-18)', () => {
  const ID = 'protocol.meta-key-syntax';
  it('passes on the notes server', async () => {
    await expectCheck(ID, notesStdio(), 'pass');
  });
  it('fails on a server that declares an extension without a prefix', async () => {
    expectFinding(await expectCheck(ID, fixtureStdio('lifecycle-bad-extension-id'), 'fail'), 'invalid-extension-id', 'fail');
  });
});

describe('protocol.server-request-ids-unique (BASE-03)', () => {
  const ID = 'protocol.server-request-ids-unique';
  it('passes on the notes server', async () => {
    await expectCheck(ID, notesStdio(), 'pass', { era: 'legacy' });
  });
  it('fails on a server that sends a second ping under an id still pending', async () => {
    const report = await runCheckRun(fixtureStdio('base-server-request-id-reused'), { era: 'legacy', timeoutMs: 5000, only: [ID, 'tools.list-shape'] });
    expectFinding(report.results.find((result) => result.id === ID)!, 'id-reused', 'fail');
  });
});

describe('protocol.legacy-quiet-before-initialized (LIFE-L4)', () => {
  const ID = 'protocol.legacy-quiet-before-initialized';
  it('passes on the notes server', async () => {
    await expectCheck(ID, notesStdio(), 'pass', { era: 'legacy' });
  });
  it('warns on a server that sends roots/list before initialized', async () => {
    expectFinding(await expectCheck(ID, fixtureStdio('lifecycle-request-before-initialized'), 'warn', { era: 'legacy' }), 'request-before-initialized', 'warn');
  });
  it('is incomplete, not a pass, when initialize gets no answer', async () => {
    const server = await startHttpServer(fixture('lifecycle-later-initialize-unanswered'));
    try {
      const result = await expectCheck(ID, httpTarget(server.url), 'incomplete', { era: 'legacy', timeoutMs: 1000 });
      expect(result.code).toBe('initialize-unanswered');
    } finally {
      await server.stop();
    }
  });
  it('ends the HTTP session its initialize opened', async () => {
    const server = await startHttpServer(fixture('http-logs-sessions'));
    try {
      await expectCheck(ID, httpTarget(server.url), 'pass', { era: 'legacy' });
      const opened = () => [...server.stderr().matchAll(/session opened (\S+)/g)].map((match) => match[1]);
      const deleted = () => new Set([...server.stderr().matchAll(/session deleted (\S+)/g)].map((match) => match[1]));
      await expect.poll(() => opened().filter((id) => !deleted().has(id)), { timeout: 2000 }).toEqual([]);
      expect(opened().length).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  });
});
