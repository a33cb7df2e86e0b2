// security.canary-echo: secrets planted with --canary (env over stdio, headers over HTTP) never come back.
import { describe, expect, it } from 'vitest';
import { rememberedSecrets } from '../../src/wire/secret-values.js';
import { redactReport } from '../../src/report/redact.js';
import { runCheckRun } from '../../src/check/run.js';
import { fixture } from '../helpers/paths.js';
import { runCli, startHttpServer } from '../helpers/run.js';
import { exampleHttpServer, expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';

const ID = 'security.canary-echo';

describe(ID, () => {
  const url = exampleHttpServer();

  it('is incomplete without --canary, naming the flag', async () => {
    const result = await expectCheck(ID, notesStdio(), 'incomplete');
    expect(result.message).toMatch(/--canary/);
  });

  it('passes on the example server over stdio', async () => {
    await expectCheck(ID, notesStdio(), 'pass', { canary: true });
  });

  it('passes on the example server over HTTP', async () => {
    await expectCheck(ID, httpTarget(url()), 'pass', { canary: true });
  });

  it('fails on a server that echoes its environment, and no report shows a canary', async () => {
    const report = await runCheckRun(fixtureStdio('security-echoes-secrets'), { timeoutMs: 5000, only: [ID], canary: true });
    const result = report.results[0]!;
    const finding = expectFinding(result, 'canary-echoed', 'fail');
    expect(finding.message).toMatch(/env MCPVET_CANARY_/);
    const shown = JSON.stringify(redactReport(report));
    const planted = rememberedSecrets().filter((secret) => secret.name.toUpperCase().startsWith('MCPVET_CANARY_'));
    expect(planted.length).toBeGreaterThanOrEqual(3);
    for (const secret of planted) expect(shown.includes(secret.value), secret.name).toBe(false);
  });

  it('fails on an HTTP server that echoes the request headers (with fresh connections in the run)', async () => {
    const server = await startHttpServer(fixture('security-echoes-secrets'));
    try {
      const report = await runCheckRun(httpTarget(server.url), {
        timeoutMs: 5000,
        only: [ID, 'tools.set-stable-across-connections'],
        canary: true,
      });
      const result = report.results.find((r) => r.id === ID)!;
      const findings = result.findings.filter((f) => f.code === 'canary-echoed');
      expect(findings.map((f) => f.message).join('\n')).toMatch(/header x-mcpvet-canary-api-key/);
      expect(findings.map((f) => f.message).join('\n')).toMatch(/header cookie/);
    } finally {
      await server.stop();
    }
  });

  it('the CLI takes --canary, fails the run, and no output shows a canary value (console and JSON)', async () => {
    const server = ['--', process.execPath, fixture('security-echoes-secrets')];
    const planted = [/mcpvet-canary-[0-9a-f]{32}/, /ghp_[A-Za-z0-9]{36}/, /cnry[0-9a-f]{24}/];
    for (const format of ['console', 'json']) {
      const result = await runCli(['check', '--canary', '--only', ID, '--format', format, '--verbose', ...server], { timeoutMs: 30_000 });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout).toMatch(/canary-echoed/);
      for (const pattern of planted) expect(`${result.stdout}\n${result.stderr}`).not.toMatch(pattern);
    }
  });
});
