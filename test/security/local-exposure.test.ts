// security.local-exposure: a loopback endpoint open to any page, serving a foreign Host, or bound to every interface.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers/paths.js';
import { startHttpServer, startListening, type RunningServer } from '../helpers/run.js';
import { bearer, notesTokens } from '../helpers/tokens.js';
import { exampleHttpServer, expectCheck, expectFinding, httpTarget, notesStdio } from '../helpers/check.js';

const ID = 'security.local-exposure';

describe(ID, () => {
  const url = exampleHttpServer();
  const legacyUrl = exampleHttpServer(['--era', 'legacy']);
  const authUrl = exampleHttpServer(['--auth']);
  const servers: Record<string, RunningServer> = {};
  beforeAll(async () => {
    const [open, anyHost, allInterfaces] = await Promise.all([
      startHttpServer(fixture('security-open-local')),
      startHttpServer(fixture('security-any-host')),
      startListening([fixture('security-binds-all-interfaces')]),
    ]);
    Object.assign(servers, { open, anyHost, allInterfaces });
  });
  afterAll(async () => {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  });

  it('passes on the example server (modern and legacy), having read its listening address', async () => {
    const result = await expectCheck(ID, httpTarget(url()), 'pass');
    expect(result.message).toMatch(/listens on 127\.0\.0\.1 only/);
    await expectCheck(ID, httpTarget(legacyUrl()), 'pass');
  });

  it('passes on the example server with --auth: a request without the token is refused', async () => {
    const target = { transport: 'http' as const, url: authUrl(), headers: bearer(notesTokens(authUrl()).full) };
    expect((await expectCheck(ID, target, 'pass')).message).toMatch(/no token and a foreign Origin was refused \(HTTP 40[13]\)/);
  });

  it('does not apply over stdio', async () => {
    await expectCheck(ID, notesStdio(), 'skip');
  });

  it('warns on an endpoint with no token and no Origin check', async () => {
    const result = await expectCheck(ID, httpTarget(servers.open!.url), 'warn');
    expectFinding(result, 'open-to-local-pages', 'warn');
    expect(result.findings.map((f) => f.code)).toEqual(['open-to-local-pages']);
  });

  it('warns on an endpoint that serves a foreign Host header', async () => {
    const result = await expectCheck(ID, httpTarget(servers.anyHost!.url), 'warn');
    expectFinding(result, 'foreign-host-accepted', 'warn');
    expect(result.findings.map((f) => f.code)).toEqual(['foreign-host-accepted']);
  });

  it('warns on an endpoint listening on every interface (HTTP-24, SHOULD)', async () => {
    const result = await expectCheck(ID, httpTarget(servers.allInterfaces!.url), 'warn');
    const finding = expectFinding(result, 'bound-to-all-interfaces', 'warn');
    expect(finding.level).toBe('SHOULD');
    expect(finding.message).toMatch(/0\.0\.0\.0/);
  });
});
