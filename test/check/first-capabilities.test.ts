/** stateless.lists-ignore-first-capabilities: lists across fresh connections that began declaring different capabilities. */
import { describe, expect, it } from 'vitest';
import { exampleHttpServer, expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';

const ID = 'stateless.lists-ignore-first-capabilities';

describe(ID, () => {
  const url = exampleHttpServer();
  it('passes on the notes server over stdio and HTTP', async () => {
    const result = await expectCheck(ID, notesStdio(), 'pass');
    for (const method of ['tools/list', 'resources/list', 'prompts/list']) expect(result.message).toContain(method);
    await expectCheck(ID, httpTarget(url()), 'pass');
  });
  it('fails with first-request-remembered on a server that latches the first request capabilities', async () => {
    const result = await expectCheck(ID, fixtureStdio('stateless-first-request-capabilities'), 'fail');
    const finding = expectFinding(result, 'first-request-remembered', 'fail');
    expect(finding.message).toContain('confirm_all');
    const methods = result.findings.map((f) => (f.location && 'method' in f.location ? f.location.method : ''));
    expect(new Set(methods)).toEqual(new Set(['tools/list', 'resources/list', 'prompts/list']));
  });
  it('the earlier-capabilities check misses this server: the latch is on the first request only', async () => {
    await expectCheck('stateless.tools-list-ignores-earlier-capabilities', fixtureStdio('stateless-first-request-capabilities'), 'pass');
  });
});
