/** How `check --protocol-era auto` judges the era of real servers, through the real CLI. */
import { describe, expect, it } from 'vitest';
import { fixture, NOTES_SERVER } from '../helpers/paths.js';
import { runCli, startListening, type RunningServer } from '../helpers/run.js';

interface Report {
  era: string;
  eraReason: string;
  results: { id: string; status: string }[];
}

async function withServer<T>(args: string[], body: (server: RunningServer) => Promise<T>): Promise<T> {
  const server = await startListening(args);
  try {
    return await body(server);
  } finally {
    await server.stop();
  }
}

async function checkJson(args: string[]): Promise<{ code: number | null; report: Report; stderr: string }> {
  const result = await runCli(['check', '--format', 'json', ...args], { timeoutMs: 90_000 });
  let report: Report;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    throw new Error(`no JSON report (exit ${result.code}): ${result.stderr}`);
  }
  return { code: result.code, report, stderr: result.stderr };
}

describe('check: era decisions', () => {
  it('HTTP: server/discover listing only legacy versions is a legacy server (kubernetes-mcp-server stateful)', async () => {
    await withServer([fixture('era-discover-lists-legacy'), '--http'], async (server) => {
      const { report } = await checkJson(['--suite', 'protocol,tools', '--url', server.url]);
      expect(report.era).toBe('legacy');
      expect(report.eraReason).toContain('supportedVersions lists only legacy versions (2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05)');
      expect(report.eraReason).toContain('fell back to initialize');
      expect(report.results.filter((r) => r.status === 'error')).toEqual([]);
    });
  }, 120_000);

  it('HTTP: -32022 listing only legacy versions is a legacy server', async () => {
    await withServer([fixture('era-discover-lists-legacy'), '--http', '--reject-discover'], async (server) => {
      const { report } = await checkJson(['--suite', 'tools', '--url', server.url]);
      expect(report.era).toBe('legacy');
      expect(report.eraReason).toMatch(/-32022 listing only versions we speak in the legacy era \(2025-11-25/);
    });
  }, 120_000);

  it('stdio: a server that handles only its first request well gets initialize on a process of its own', async () => {
    const result = await runCli(['check', '--suite', 'tools', '--format', 'json', '--', process.execPath, fixture('era-first-request-only')], {
      timeoutMs: 90_000,
    });
    const report = JSON.parse(result.stdout) as Report;
    expect(report.era).toBe('legacy');
    expect(report.eraReason).toContain('fell back to initialize');
    expect(result.code).toBe(2); // the findings are the server's: its later requests fail
    expect(report.results.length).toBeGreaterThan(0);
  }, 120_000);

  it('a modern server without server/discover is judged modern and fails the discover requirement', async () => {
    for (const args of [['--', process.execPath, fixture('era-modern-without-discover')]]) {
      const { code, report } = await checkJson(['--suite', 'protocol', ...args]);
      expect(report.era).toBe('modern');
      expect(report.eraReason).toContain('server/discover answered error -32601');
      expect(report.eraReason).toMatch(/initialize failed too \(.*\): judged in the modern era/);
      expect(code).toBe(2);
      const failed = report.results.filter((r) => r.status === 'fail').map((r) => r.id);
      expect(
        failed.some((id) => id.includes('discover')),
        failed.join(', '),
      ).toBe(true);
    }
  }, 120_000);

  it('a dual-era server: the summary says it was judged modern and how to judge its legacy side', async () => {
    const result = await runCli(['check', '--suite', 'lint', '--', process.execPath, NOTES_SERVER, '--era', 'dual'], { timeoutMs: 60_000 });
    expect(result.stdout).toMatch(
      /era modern: server\/discover answered \(2026-07-28\); the server also speaks the legacy era \(2025-11-25, [^)]*\): run --protocol-era legacy to check that era/,
    );
  }, 60_000);
});
