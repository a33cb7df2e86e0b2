/**
 * `mcpvet load --emit artillery`, run as a user would: the script is written from a live server,
 * then run by the real `artillery` (tools/artillery, installed by .ci/run) against the example
 * server on 127.0.0.1, and its counts are compared with what `mcpvet load` sends for the same flags.
 * Rates are low and durations short: exact counts, not speed, are what is compared.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LoadReport } from '../../src/load/report.js';
import { NOTES_SERVER, ROOT } from '../helpers/paths.js';
import { runCli, runProcess, startHttpServer, type RunningServer } from '../helpers/run.js';
import { notesTokens } from '../helpers/tokens.js';

const ARTILLERY = join(ROOT, 'tools/artillery/node_modules/.bin/artillery');
const INSTALLED = existsSync(ARTILLERY);
// CI installs it (.ci/run); elsewhere the tests say how, and skip.
if (!INSTALLED && process.env.CI) throw new Error('artillery is not installed: run PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --prefix tools/artillery');

const scratch = mkdtempSync(join(tmpdir(), 'mcpvet-artillery-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface ArtilleryRun {
  code: number | null;
  counters: Record<string, number>;
  stdout: string;
}

let files = 0;
async function emit(args: string[]): Promise<{ script: string; yaml: string; stderr: string }> {
  const script = join(scratch, `load-${++files}.yml`);
  const run = await runCli(['load', '--emit', 'artillery', '-o', script, ...args], { timeoutMs: 30_000 });
  expect(run.code, run.stderr).toBe(0);
  return { script, yaml: readFileSync(script, 'utf8'), stderr: run.stderr };
}

async function artillery(script: string, env: Record<string, string> = {}): Promise<ArtilleryRun> {
  const output = `${script}.report.json`;
  const run = await runProcess(ARTILLERY, ['run', '--output', output, script], {
    timeoutMs: 60_000,
    env: { ARTILLERY_DISABLE_TELEMETRY: 'true', ...env },
    cwd: scratch,
  });
  const report = JSON.parse(readFileSync(output, 'utf8')) as { aggregate: { counters: Record<string, number> } };
  return { code: run.code, counters: report.aggregate.counters, stdout: run.stdout };
}

async function mcpvetLoad(args: string[]): Promise<{ code: number | null; report: LoadReport }> {
  const run = await runCli(['load', '--format', 'json', '--no-progress', ...args], { timeoutMs: 60_000 });
  return { code: run.code, report: JSON.parse(run.stdout) as LoadReport };
}

async function withServer(args: string[], fn: (url: string) => Promise<void>): Promise<void> {
  const server: RunningServer = await startHttpServer(NOTES_SERVER, args);
  try {
    await fn(server.url);
  } finally {
    await server.stop();
  }
}

describe.skipIf(!INSTALLED)('mcpvet load --emit artillery, run by Artillery', () => {
  it('sends what mcpvet load sends: every page of a list, at the same rate, with no MCP error', async () => {
    await withServer([], async (url) => {
      const flags = ['--method', 'tools/list', '--rate', '10', '--duration', '2s', '--threshold', 'errors<1%', '--threshold', 'p99<10s', url];
      const { script, yaml } = await emit(flags);
      expect(yaml).toContain('arrivalRate: 10');
      expect(yaml).toContain('mcp-protocol-version: "2026-07-28"');
      expect(existsSync(script.replace(/\.yml$/, '.processor.cjs'))).toBe(true);
      const run = await artillery(script);
      const { report } = await mcpvetLoad(flags);
      expect(run.code).toBe(0);
      expect(run.counters['vusers.created']).toBe(20);
      // The notes server pages its tools three to a page: each flow follows the cursors to the end.
      expect(report.requests).toBeGreaterThan(20);
      expect(run.counters['http.requests']).toBe(report.requests);
      expect(run.counters['mcp.errors']).toBe(0);
      expect(report.errors).toBe(0);
      expect(run.stdout).toContain('ok: (mcp.errors + vusers.failed) / http.requests < 0.01');
      expect(run.stdout).toContain('ok: http.response_time.p99 < 10000');
    });
  });

  it('answers input_required and counts the same tool errors as mcpvet load', async () => {
    // delete_note asks to confirm (MRTR): the first flow deletes n1 in two requests, the others find it gone (isError).
    const flags = ['--method', 'tools/call', '--tool-name', 'delete_note', '--tool-arg', 'id=n1', '--rate', '4', '--duration', '1s'];
    let artilleryRun: ArtilleryRun | undefined;
    await withServer([], async (url) => {
      artilleryRun = await artillery((await emit([...flags, url])).script);
    });
    let mcpvet: LoadReport | undefined;
    await withServer([], async (url) => {
      mcpvet = (await mcpvetLoad([...flags, url])).report;
    });
    // One flow deletes n1 (input_required, then the retry); the other three get isError, each in one
    // request, or in two when its first request came before the deletion (a loaded machine slows it).
    // Without the retry n1 would never go and no flow would fail.
    expect(mcpvet?.errors).toBe(3);
    expect(mcpvet?.requests).toBeGreaterThanOrEqual(5);
    expect(mcpvet?.requests).toBeLessThanOrEqual(8);
    expect(artilleryRun?.counters).toMatchObject({ 'vusers.created': 4, 'mcp.errors': 3, 'mcp.errors.isError': 3 });
    expect(artilleryRun?.counters['http.requests']).toBeGreaterThanOrEqual(5);
    expect(artilleryRun?.counters['http.requests']).toBeLessThanOrEqual(8);
  });

  it('takes a weighted mix as weighted scenarios', async () => {
    const mix = join(scratch, 'mix.yaml');
    writeFileSync(mix, 'steps:\n  - { method: tools/call, tool: get_note, arguments: { id: n1 }, weight: 3 }\n  - { method: resources/list, weight: 1 }\n');
    await withServer([], async (url) => {
      const { script, yaml } = await emit(['--mix', mix, '--rate', '10', '--duration', '2s', url]);
      expect(yaml).toMatch(/name: tools\/call get_note\n\s+weight: 3/);
      const run = await artillery(script);
      const calls = run.counters['vusers.created_by_name.tools/call get_note'] ?? 0;
      const lists = run.counters['vusers.created_by_name.resources/list'] ?? 0;
      expect(calls + lists).toBe(20);
      // Artillery picks each arrival's scenario at random by weight (the weights are asserted in the
      // script above): with 20 arrivals 3:1 is not guaranteed (CI once saw 8:12), both are.
      expect(calls).toBeGreaterThan(0);
      expect(lists).toBeGreaterThan(0);
      expect(run.counters['mcp.errors']).toBe(0);
    });
  });

  it('opens a legacy session per virtual user: initialize, initialized, the request, DELETE', async () => {
    await withServer(['--era', 'legacy'], async (url) => {
      const { script, yaml } = await emit(['--method', 'tools/call', '--tool-name', 'get_note', '--tool-arg', 'id=n1', '--rate', '3', '--duration', '1s', url]);
      expect(yaml).toContain('method: initialize');
      const run = await artillery(script);
      expect(run.counters).toMatchObject({ 'vusers.created': 3, 'vusers.completed': 3, 'http.requests': 12, 'mcp.errors': 0 });
      expect(run.counters['http.codes.404'] ?? 0).toBe(0);
    });
  });

  it('runs the closed model until the time is up, and fails a threshold as mcpvet load does', async () => {
    await withServer([], async (url) => {
      const flags = [
        '--method',
        'tools/call',
        '--tool-name',
        'get_note',
        '--tool-arg',
        'id=n1',
        '--vus',
        '2',
        '--duration',
        '2s',
        '--threshold',
        'rps>=1000000',
      ];
      const { script, yaml } = await emit([...flags, url]);
      expect(yaml).toContain('http.request_rate >= 1000000');
      const run = await artillery(script);
      expect(run.counters['vusers.completed']).toBe(2);
      expect(run.counters['http.requests']).toBeGreaterThan(10);
      expect(run.stdout).toContain('fail: http.request_rate >= 1000000');
      expect(run.code).not.toBe(0);
      expect((await mcpvetLoad([...flags, url])).code).toBe(2);
    });
  });

  it('reads header and query values from the environment, never from the script', async () => {
    await withServer(['--auth'], async (url) => {
      const token = notesTokens(url).full;
      const { script, yaml, stderr } = await emit([
        '--method',
        'tools/list',
        '--rate',
        '2',
        '--duration',
        '1s',
        '--header',
        `Authorization: Bearer ${token}`,
        '--header',
        'X-Tenant: tenant-acme-7',
        `${url}?key=query-key-9Zq`,
      ]);
      // Every header and query value is masked in mcpvet's outputs: the script reads them from the environment.
      for (const value of [token, 'tenant-acme-7', 'query-key-9Zq']) {
        expect(yaml).not.toContain(value);
        expect(stderr).not.toContain(value);
      }
      expect(yaml).toContain('url: /mcp?key={{ $processEnvironment.MCPVET_QUERY_KEY }}');
      expect(stderr).toContain('MCPVET_HEADER_AUTHORIZATION');
      expect(stderr).toContain('MCPVET_HEADER_X_TENANT');
      const values = { MCPVET_HEADER_X_TENANT: 'tenant-acme-7', MCPVET_QUERY_KEY: 'query-key-9Zq' };
      const refused = await artillery(script, values);
      expect(refused.counters['http.codes.401']).toBe(2);
      const served = await artillery(script, { ...values, MCPVET_HEADER_AUTHORIZATION: `Bearer ${token}` });
      expect(served.counters['mcp.errors']).toBe(0);
      expect(served.counters['http.codes.200']).toBeGreaterThan(0);
    });
  });
});

describe('mcpvet load --emit: what it refuses, in one line', () => {
  it.each([
    [['--emit', 'k6', '--method', 'tools/list', 'http://127.0.0.1:9/mcp'], /--emit takes artillery, not "k6"/],
    [['--emit', 'artillery', '--format', 'json', '--method', 'tools/list', 'http://127.0.0.1:9/mcp'], /--format does not apply/],
    [['--emit', 'artillery', '--replica', 'http://127.0.0.1:8/mcp', '--method', 'tools/list', 'http://127.0.0.1:9/mcp'], /leave out --replica/],
    [['--emit', 'artillery', '--method', 'tools/list', '--', process.execPath, NOTES_SERVER], /over HTTP/],
  ])('%j', async (args, message) => {
    const run = await runCli(['load', ...args], { timeoutMs: 20_000 });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });
});
