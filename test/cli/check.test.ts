import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, NOTES_SERVER } from '../helpers/paths.js';
import { closedPort, runCli, startListening } from '../helpers/run.js';

const notes = ['--', process.execPath, NOTES_SERVER];
const broken = ['--', process.execPath, fixture('lint-broken-schema')];
const tmp = () => mkdtempSync(join(tmpdir(), 'mcpvet-check-'));

describe('mcpvet check', () => {
  it('passes on the example server: exit 0 and a summary line', async () => {
    const result = await runCli(['check', '--suite', 'lint', ...notes]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/checks: 2 passed, 0 failed/);
    expect(result.stdout).toContain('era modern');
  });

  it('exits 2 when a check fails and shows the failure with its message', async () => {
    const result = await runCli(['check', '--suite', 'lint', ...broken]);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('lint.no-errors');
    expect(result.stdout).toContain('get_note');
  });

  it('-o DIR writes every format and a checks.json per suite in the official shape', async () => {
    const dir = tmp();
    const result = await runCli(['check', '--suite', 'lint', '--format', 'console,json,junit,markdown,html', '-o', dir, ...broken]);
    expect(result.code).toBe(2);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
    expect(report.summary.fail).toBe(1);
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain('<testsuites');
    expect(existsSync(join(dir, 'report.md'))).toBe(true);
    expect(existsSync(join(dir, 'report.html'))).toBe(true);
    const checks = JSON.parse(readFileSync(join(dir, 'server-lint', 'checks.json'), 'utf8'));
    expect(checks.find((check: { id: string }) => check.id === 'lint.no-errors').status).toBe('FAILURE');
  });

  it('--format json alone prints one JSON document on stdout', async () => {
    const result = await runCli(['check', '--suite', 'lint', '--format', 'json', ...notes]);
    expect(JSON.parse(result.stdout).results.length).toBe(2);
  });

  it('--expected-failures tolerates a listed failure, and fails a listed check that now passes as stale', async () => {
    const dir = tmp();
    const baseline = join(dir, 'expected.yaml');
    writeFileSync(baseline, '- lint.no-errors\n');
    const tolerated = await runCli(['check', '--suite', 'lint', '--expected-failures', baseline, ...broken]);
    expect(tolerated.code).toBe(0);
    const stale = await runCli(['check', '--suite', 'lint', '--expected-failures', baseline, ...notes]);
    expect(stale.code).toBe(2);
    expect(stale.stdout.toLowerCase()).toContain('stale');
  });

  it('--only and --skip select checks by id glob', async () => {
    const only = await runCli(['check', '--only', 'lint.no-e*', '--format', 'json', ...broken]);
    expect(JSON.parse(only.stdout).results.map((r: { id: string }) => r.id)).toEqual(['lint.no-errors']);
    const skipped = await runCli(['check', '--suite', 'lint', '--skip', 'lint.no-errors', ...broken]);
    expect(skipped.code).toBe(0);
  });

  it('--list shows what the selection would run, with no server', async () => {
    const text = await runCli(['check', '--list', '--suite', 'lint']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^lint\.no-errors\s+MUST\s+/m);
    expect(text.stdout.trim().split('\n').at(-1)).toBe('2 checks');
    const json = JSON.parse((await runCli(['check', '--list', '--only', 'http.*', '--format', 'json'])).stdout);
    expect(json.length).toBeGreaterThan(10);
    expect(json.every((check: { id: string; transports: string[] }) => check.id.startsWith('http.') && check.transports.includes('http'))).toBe(true);
  });

  it('--list shows a level per era where the requirements of the revisions differ', async () => {
    const text = await runCli(['check', '--list', '--only', 'resources.unknown-uri-*']);
    expect(text.stdout).toMatch(/^resources\.unknown-uri-error\s+MUST \(legacy: SHOULD\)\s+/m);
    expect(text.stdout).toMatch(/^resources\.unknown-uri-data\s+INFO\s+/m);
    const json = JSON.parse((await runCli(['check', '--list', '--only', 'resources.unknown-uri-error', '--format', 'json'])).stdout);
    expect(json[0]).toMatchObject({ levels: { modern: 'MUST', legacy: 'SHOULD' }, requirements: ['RES-05', 'RES-07', 'BASE-16'] });
  });

  it('--requirements prints the coverage table per revision and area, with no server', async () => {
    const text = await runCli(['check', '--requirements']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^MCP 2026-07-28 \(modern era\): \d+\/\d+ covered \(\d+ %\)/m);
    expect(text.stdout).toMatch(/^MCP 2025-11-25 \(legacy era\): /m);
    expect(text.stdout).toMatch(/✓ TOOL-04 +MUST NOT +tools\.set-stable-across-connections/);
    expect(text.stdout).toMatch(/✓ AUTH-09 +MUST +auth\.scope-hierarchy/);
    expect(text.stdout).toMatch(/✓ AUTH-04 +MUST +auth\.other-audience-401/);
    const json = JSON.parse((await runCli(['check', '--requirements', '--format', 'json'])).stdout);
    const modern = json.revisions.find((r: { revision: string }) => r.revision === '2026-07-28');
    expect(modern.totals.all.testable).toBeGreaterThan(100);
    // A check covers a requirement of the eras it runs in: http.foreign-origin-403 now runs in legacy sessions too.
    const legacyOrigin = json.revisions.find((r: { revision: string }) => r.revision === '2025-11-25').rows.find((row: { id: string }) => row.id === 'HTTP-01');
    expect([legacyOrigin.status, legacyOrigin.checks]).toEqual(['covered', ['http.foreign-origin-403']]);
    const markdown = await runCli(['check', '--requirements', '--format', 'markdown']);
    expect(markdown.stdout).toContain('## MCP 2025-11-25 (legacy era)');
    expect(markdown.stdout).toContain('| [TOOL-06](https://modelcontextprotocol.io/specification/2026-07-28/server/tools#tool-names) | SHOULD |');
    const bad = await runCli(['check', '--requirements', '--format', 'junit']);
    expect([bad.code, bad.stderr.trim().split('\n').length]).toEqual([1, 1]);
  });

  it('usage errors: an unknown suite, several formats without -o', async () => {
    const suite = await runCli(['check', '--suite', 'nope', ...notes]);
    expect(suite.code).toBe(1);
    expect(suite.stderr).toContain('unknown suite "nope"');
    const formats = await runCli(['check', '--format', 'json,junit', ...notes]);
    expect(formats.code).toBe(1);
    expect(formats.stderr).toContain('-o DIR');
  });

  it("an unreachable server: one clear line and check's own exit 1 (not call's 4)", async () => {
    const result = await runCli(['check', '--url', `http://127.0.0.1:${await closedPort()}/mcp`]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^mcpvet: cannot reach the server at http:\/\/127\.0\.0\.1:\d+\/mcp: connection refused/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stdout).toBe('');
  });

  it("an auth failure is reported as such with the server's answer, clipped and masked, exit 1 (not call's 3)", async () => {
    const server = await startListening([fixture('auth-401-with-body')]);
    try {
      const result = await runCli(['check', '--url', server.url]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^mcpvet: authorization required \(HTTP 401\) at http:\/\/127\.0\.0\.1:\d+\/mcp: check cannot run without credentials/);
      expect(result.stderr).toContain('WWW-Authenticate: Bearer realm="notes"');
      expect(result.stderr).toContain('the server said: Sign in at');
      expect(result.stderr).not.toContain('ghp_0123456789'); // a token-shaped string never reaches an output
      expect(result.stderr).toMatch(/… \(clipped: \d+ characters in all\)\n$/);
      expect(result.stderr.length).toBeLessThan(800);
    } finally {
      await server.stop();
    }
  });

  it('--format json -o DIR prints nothing on stdout: the JSON goes to DIR/report.json', async () => {
    const dir = tmp();
    const result = await runCli(['check', '--suite', 'lint', '--format', 'json', '-o', dir, ...notes]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')).results).toHaveLength(2);
  });
});
