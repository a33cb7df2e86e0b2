// security.ssrf: tools that take a URL fetch mcpvet's loopback canary (SSRF), or pass the caller's token on (AUTH-10).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheckRun } from '../../src/check/run.js';
import { redactReport } from '../../src/report/redact.js';
import { urlParameters } from '../../src/check/probes/security/url-parameters.js';
import type { Target } from '../../src/wire/target.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';
import { exampleHttpServer, expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';

const ID = 'security.ssrf';
const ALLOW = { allowCall: ['fetch_url'] };
const TOKEN = 'mcpvet-test-bearer-7c1e93';

/** An HTTP target sending a bearer token (the fixture itself does not check it). */
const withToken = (url: string): Target => ({ transport: 'http', url, headers: { Authorization: `Bearer ${TOKEN}` } });

describe('urlParameters', () => {
  it('finds parameters that take a URL or a host by name or format, and nothing else', () => {
    const schema = {
      type: 'object',
      properties: {
        imageUrl: { type: 'string' },
        webhook_url: { type: 'string' },
        source: { type: 'string', format: 'uri' },
        host: { type: 'string' },
        server_hostname: { type: 'string', format: 'hostname' },
        url_count: { type: 'integer' },
        title: { type: 'string' },
        unlinked: { type: 'boolean' },
      },
    };
    expect(urlParameters(schema)).toEqual([
      { name: 'imageUrl', kind: 'url' },
      { name: 'webhook_url', kind: 'url' },
      { name: 'source', kind: 'url' },
      { name: 'host', kind: 'host' },
    ]);
  });
});

describe(ID, () => {
  const url = exampleHttpServer();
  let forwarding: RunningServer;
  let fetching: RunningServer;
  beforeAll(async () => {
    [forwarding, fetching] = await Promise.all([
      startHttpServer(fixture('security-fetches-url'), ['--forward-auth']),
      startHttpServer(fixture('security-fetches-url')),
    ]);
  });
  afterAll(async () => {
    await Promise.all([forwarding?.stop(), fetching?.stop()]);
  });

  it('does not apply to the example server, which has no tool taking a URL (stdio and HTTP)', async () => {
    expect((await expectCheck(ID, notesStdio(), 'skip')).message).toMatch(/no listed tool takes a URL/);
    await expectCheck(ID, httpTarget(url()), 'skip');
  });

  it('is incomplete when the tool taking a URL may not be called, naming --allow-call', async () => {
    const result = await expectCheck(ID, fixtureStdio('security-fetches-url'), 'incomplete');
    expect(result.message).toMatch(/--allow-call 'fetch_url'/);
  });

  it('passes on a tool that refuses loopback addresses', async () => {
    await expectCheck(ID, fixtureStdio('security-fetches-url', '--refuse-loopback'), 'pass', ALLOW);
  });

  it('warns when an allowed tool fetches the loopback canary (stdio)', async () => {
    const result = await expectCheck(ID, fixtureStdio('security-fetches-url'), 'warn', ALLOW);
    expect(expectFinding(result, 'fetches-loopback', 'warn').location).toEqual({ tool: 'fetch_url' });
  });

  it('warns on SSRF but finds no passthrough when the fetch does not carry the token (HTTP)', async () => {
    const result = await expectCheck(ID, withToken(fetching.url), 'warn', ALLOW);
    expectFinding(result, 'fetches-loopback', 'warn');
    expect(result.findings.some((f) => f.code === 'token-passthrough')).toBe(false);
  });

  it('fails on token passthrough (AUTH-10) when the fetch carries the caller token, never showing it', async () => {
    const report = await runCheckRun(withToken(forwarding.url), { timeoutMs: 5000, only: [ID], ...ALLOW });
    const finding = expectFinding(report.results[0]!, 'token-passthrough', 'fail');
    expect(finding.message).not.toContain(TOKEN);
    expect(JSON.stringify(redactReport(report))).not.toContain(TOKEN);
  });
});
