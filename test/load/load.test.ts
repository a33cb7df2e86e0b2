/**
 * `mcpvet load` as a user runs it: real servers over real stdio and HTTP on 127.0.0.1, known
 * latencies, a threshold breach, flows split across replicas, a leaking server, and bad input.
 * Bounds are loose: the suite runs on a busy 2-core machine, and speed is measured in bench/.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LoadReport } from '../../src/load/report.js';
import { leftovers, processMarker } from '../helpers/leftovers.js';
import { fixture, NOTES_SERVER } from '../helpers/paths.js';
import { runCli, startHttpServer, type RunningServer } from '../helpers/run.js';

const scratch = mkdtempSync(join(tmpdir(), 'mcpvet-load-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SLEEPY = ['--', process.execPath, fixture('load-sleepy')];

async function loadJson(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; report: LoadReport; stderr: string }> {
  const run = await runCli(['load', '--format', 'json', '--no-progress', ...args], { timeoutMs: 60_000, env });
  if (!run.stdout.trim()) throw new Error(`no report (exit ${run.code}): ${run.stderr}`);
  return { code: run.code, report: JSON.parse(run.stdout) as LoadReport, stderr: run.stderr };
}

async function withServers(script: string, count: number, args: string[], fn: (urls: string[]) => Promise<void>): Promise<void> {
  const servers: RunningServer[] = [];
  try {
    for (let i = 0; i < count; i++) servers.push(await startHttpServer(script, args));
    await fn(servers.map((server) => server.url));
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

describe('mcpvet load over stdio', () => {
  it('measures a tool that takes a known time, and leaves no process behind', async () => {
    const marker = processMarker();
    const { code, report } = await loadJson(
      ['--method', 'tools/call', '--tool-name', 'sleep', '--tool-arg', 'ms=40', '--vus', '2', '--duration', '2s', ...SLEEPY],
      marker,
    );
    expect(code).toBe(0);
    expect(report).toMatchObject({ command: 'load', transport: 'stdio', era: 'modern', errors: 0, passed: true });
    expect(report.requests).toBeGreaterThan(4);
    // Two users, one request at a time each: never more than 2 × 2 s / 40 ms requests.
    expect(report.requests).toBeLessThanOrEqual(100);
    expect(report.latencyMs.p50).toBeGreaterThanOrEqual(40);
    expect(report.latencyMs.max).toBeGreaterThanOrEqual(report.latencyMs.p99);
    expect(Object.keys(report.byRequest)).toEqual(['tools/call sleep']);
    expect(report.elapsedMs).toBeGreaterThanOrEqual(2000);
    expect(report.series.reduce((sum, point) => sum + point.requests, 0)).toBe(report.requests);
    expect(await leftovers(marker, 3000)).toEqual([]);
  });

  it('sends at the open rate, whatever the latency', async () => {
    const { report } = await loadJson([
      '--method',
      'tools/call',
      '--tool-name',
      'sleep',
      '--tool-arg',
      'ms=300',
      '--rate',
      '20',
      '--duration',
      '2s',
      ...SLEEPY,
    ]);
    // Closed users would wait 300 ms between requests; the open model keeps 20/s coming.
    expect(report.requests).toBeGreaterThanOrEqual(36);
    expect(report.requests).toBeLessThanOrEqual(41);
    expect(report.latencyMs.p50).toBeGreaterThanOrEqual(300);
    expect(report.model).toMatchObject({ kind: 'open', rate: 20, durationMs: 2000 });
  });

  it('starts each arrival when it is due, not an interval late', async () => {
    // At 4/s an arrival is due every 250 ms: a late start would add that to every latency.
    const { report } = await loadJson(['--method', 'tools/call', '--tool-name', 'sleep', '--tool-arg', 'ms=0', '--rate', '4', '--duration', '2s', ...SLEEPY]);
    expect(report.requests).toBe(8);
    expect(report.latencyMs.p50).toBeLessThan(150);
  });

  it('fails the run (exit 2) when a threshold is breached, and says which', async () => {
    const run = await runCli(
      [
        'load',
        '--no-progress',
        '--method',
        'tools/call',
        '--tool-name',
        'sleep',
        '--tool-arg',
        'ms=40',
        '--vus',
        '1',
        '--duration',
        '1s',
        '--threshold',
        'p50<10ms',
        '--threshold',
        'errors<1%',
        ...SLEEPY,
      ],
      { timeoutMs: 60_000 },
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(/✗ p50<10ms \(\d+(\.\d+)? ms\)/);
    expect(run.stdout).toContain('✓ errors<1% (0.00 %)');
    expect(run.stdout).toContain('FAILED');
  });

  it('reports memory that grows steadily as a probable leak, and memory that does not as steady', async () => {
    const leaky = await loadJson([
      '--method',
      'tools/call',
      '--tool-name',
      'remember',
      '--rate',
      '100',
      '--duration',
      '3s',
      '--sample-interval',
      '200ms',
      '--',
      process.execPath,
      fixture('load-leaky'),
    ]);
    expect(leaky.report.soak?.rss).toMatchObject({ probableLeak: true });
    expect(leaky.report.soak?.rss.slopePerMinute).toBeGreaterThan(100);
    const steady = await loadJson([
      '--method',
      'tools/call',
      '--tool-name',
      'sleep',
      '--tool-arg',
      'ms=1',
      '--rate',
      '100',
      '--duration',
      '3s',
      '--sample-interval',
      '200ms',
      ...SLEEPY,
    ]);
    expect(steady.report.soak?.samples.length).toBeGreaterThan(6);
    expect(steady.report.soak?.rss.probableLeak).toBe(false);
    expect(steady.report.soak?.fds.probableLeak).toBe(false);
  });
});

describe('mcpvet load over HTTP, with replicas', () => {
  it('proves no sticky session is needed: each cursor redeemed by the other instance', async () => {
    const data = join(scratch, 'notes.json');
    await withServers(NOTES_SERVER, 2, ['--data', data], async ([a, b]) => {
      const { code, report } = await loadJson(['--url', a!, '--replica', b!, '--method', 'tools/list', '--vus', '2', '--duration', '1s']);
      expect(code).toBe(0);
      expect(report.splitFlows?.tried.cursor).toBeGreaterThan(0);
      expect(report.splitFlows?.failed).toBe(0);
      expect(report.replicas).toEqual([b]);
    });
  });

  it('fails a server whose cursors only their issuer accepts (exit 2)', async () => {
    await withServers(fixture('stateless-sticky-cursors'), 2, [], async ([a, b]) => {
      const { code, report } = await loadJson(['--url', a!, '--replica', b!, '--method', 'tools/list', '--vus', '2', '--duration', '1s']);
      expect(code).toBe(2);
      expect(report.passed).toBe(false);
      expect(report.splitFlows?.failed).toBeGreaterThan(0);
      expect(report.splitFlows?.findings[0]).toMatchObject({ kind: 'cursor', key: 'tools/list', answer: 'rpc -32602' });
    });
  });

  it('fails a server whose MRTR state only its issuer can open (exit 2)', async () => {
    await withServers(fixture('mrtr-per-process-secret'), 2, [], async ([a, b]) => {
      const args = [
        '--url',
        a!,
        '--replica',
        b!,
        '--method',
        'tools/call',
        '--tool-name',
        'delete_note',
        '--tool-arg',
        'id=n1',
        '--vus',
        '1',
        '--duration',
        '1s',
      ];
      const { code, report } = await loadJson(args);
      expect(code).toBe(2);
      expect(report.splitFlows?.tried.mrtr).toBeGreaterThan(0);
      expect(report.splitFlows?.findings[0]).toMatchObject({ kind: 'mrtr', key: 'tools/call delete_note' });
    });
  });

  it('opens a legacy session per virtual user', async () => {
    await withServers(NOTES_SERVER, 1, [], async ([url]) => {
      const { code, report } = await loadJson([
        '--url',
        url!,
        '--protocol-era',
        'legacy',
        '--method',
        'tools/call',
        '--tool-name',
        'list_notes',
        '--vus',
        '3',
        '--duration',
        '1s',
      ]);
      expect(code).toBe(0);
      expect(report).toMatchObject({ era: 'legacy', errors: 0 });
      // Each user sends at least once; how many more depends on the machine.
      expect(report.requests).toBeGreaterThanOrEqual(3);
    });
  });

  it('runs a weighted mix from a YAML file', async () => {
    const mix = join(scratch, 'mix.yaml');
    writeFileSync(mix, 'steps:\n  - method: tools/call\n    tool: get_note\n    arguments: { id: n1 }\n    weight: 3\n  - method: resources/list\n');
    await withServers(NOTES_SERVER, 1, [], async ([url]) => {
      const { code, report } = await loadJson(['--url', url!, '--mix', mix, '--vus', '2', '--duration', '1s']);
      expect(code).toBe(0);
      expect(Object.keys(report.byRequest).sort()).toEqual(['resources/list', 'tools/call get_note']);
      expect(report.errors).toBe(0);
    });
  });
});

describe('mcpvet load refuses bad input in one line', () => {
  const cases: [string, string[], RegExp][] = [
    ['both models', ['--method', 'tools/list', '--rate', '10', '--vus', '2', ...SLEEPY], /--rate \(open model\) or --vus \(closed model\), not both/],
    ['no request', [...SLEEPY], /--method or --mix is required/],
    ['a handshake method', ['--method', 'initialize', ...SLEEPY], /cannot be sent under load/],
    ['a bad duration', ['--method', 'tools/list', '--duration', 'forever', ...SLEEPY], /--duration takes a duration/],
    ['a bad threshold', ['--method', 'tools/list', '--threshold', 'p99 under 3', ...SLEEPY], /is not a threshold/],
    ['a remote target', ['--method', 'tools/list', '--url', 'http://192.0.2.1/mcp'], /not on this machine: loading a remote server needs --allow-remote/],
    ['a missing mix', ['--mix', join(scratch, 'absent.yaml'), ...SLEEPY], /--mix .*absent\.yaml: cannot read it \(ENOENT\)/],
  ];
  it('a server that cannot start: exit 4 (unreachable), one line', async () => {
    const run = await runCli(['load', '--method', 'tools/list', '--', join(scratch, 'no-such-server')], { timeoutMs: 20_000 });
    expect(run.code).toBe(4);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining('could not start')]);
  });

  it.each(cases)('%s', async (_name, args, message) => {
    const run = await runCli(['load', ...args], { timeoutMs: 20_000 });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toContain('    at ');
  });
});
