/**
 * security.input-handling against real servers: hostile inputs (wrong type, out of range, 1 MB
 * string, 100k-element array, path traversal) are answered in time by the example server; a
 * fixture that crashes, one that hangs and one that serves /etc/passwd each fail with their code.
 */
import { describe, expect, it } from 'vitest';
import { exampleHttpServer, expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer } from '../helpers/run.js';

const ID = 'security.input-handling';

describe('security.input-handling', () => {
  const url = exampleHttpServer();

  it('passes on the example server over stdio, having sent every kind of input it can build', async () => {
    const result = await expectCheck(ID, notesStdio(), 'pass');
    expect(result.message).toMatch(/\d+ hostile input\(s\) to .*"search_notes"/);
    expect(result.level).toBe('SECURITY');
  });

  it('passes on the example server over HTTP', () => expectCheck(ID, httpTarget(url()), 'pass'));

  it('passes in the legacy era', () => expectCheck(ID, notesStdio(), 'pass', { era: 'legacy' }));

  it('fails when a 1 MB string kills the server, naming the tool and the property', async () => {
    const result = await expectCheck(ID, fixtureStdio('security-input-crash'), 'fail');
    const finding = expectFinding(result, 'crashed', 'fail');
    expect(finding.message).toContain('1 MB string');
    expect(finding.location).toMatchObject({ pointer: expect.stringMatching(/^\/inputSchema\/properties\//) });
  });

  it('fails over HTTP when the input kills the server (a dropped 1 MB header alone is no crash: see the example server)', async () => {
    const server = await startHttpServer(fixture('security-input-crash'));
    try {
      expectFinding(await expectCheck(ID, httpTarget(server.url), 'fail'), 'crashed', 'fail');
    } finally {
      await server.stop();
    }
  });

  it('warns when a number far out of range gets no answer, and the server still answers otherwise', async () => {
    const result = await expectCheck(ID, fixtureStdio('security-input-hang'), 'warn', { timeoutMs: 3000 });
    expect(expectFinding(result, 'hung', 'warn').message).toContain('no answer in 3000 ms');
  });

  it('fails when a path argument escapes the tool folder and returns /etc/passwd', async () => {
    const result = await expectCheck(ID, fixtureStdio('security-path-traversal'), 'fail');
    expectFinding(result, 'path-traversal', 'fail');
    expectFinding(result, 'absolute-path', 'fail');
    expect(result.findings.find((f) => f.code === 'path-traversal')?.location).toEqual({ tool: 'read_attachment', pointer: '/inputSchema/properties/path' });
  });

  it('passes on the same tool when it keeps paths inside its folder', async () => {
    const result = await expectCheck(ID, fixtureStdio('security-path-confined'), 'pass');
    expect(result.message).toContain('"read_attachment"');
  });
});
