/**
 * The security suites and `mcpvet fuzz` send nothing anywhere but the server under test and
 * mcpvet's own loopback canary. Every outbound connection and DNS lookup of the mcpvet process is recorded (a preloaded
 * hook) and must name loopback only; over stdio the run also happens inside a network namespace
 * that has nothing but loopback (`unshare -n`, where the machine allows it), so a stray
 * connection could not leave the machine even if the hook missed it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleHttpServer } from '../helpers/check.js';
import { CLI, NOTES_SERVER, ROOT } from '../helpers/paths.js';
import { runProcess } from '../helpers/run.js';

const RECORDER = join(ROOT, 'test/helpers/record-connections.mjs');
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const SUITES = ['--suite', 'security,auth'];

/** Whether this machine lets the tests make a network namespace with only loopback up. */
const canUnshare = (() => {
  try {
    execFileSync('unshare', ['-n', 'sh', '-c', 'ip link set lo up'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
})();

type Entry = { kind: 'connect' | 'lookup'; host?: string; hostname?: string; port?: number; path?: string };

function recorded(log: string): Entry[] {
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Entry);
}

const foreign = (entries: Entry[]) =>
  entries.filter((e) => (e.kind === 'lookup' ? !LOOPBACK.has(e.hostname ?? '') : e.path === undefined && !LOOPBACK.has(e.host ?? '')));

/** The run did call tools: the security suite's probes ran and passed, not skipped. */
function expectSecurityRan(stdout: string): void {
  const report = JSON.parse(stdout) as { results: { id: string; status: string }[] };
  expect(report.results.find((r) => r.id === 'security.input-handling')?.status).toBe('pass');
}

const newLog = () => join(mkdtempSync(join(tmpdir(), 'mcpvet-offline-')), 'connections.ndjson');

describe('security suites and fuzz stay offline', () => {
  const url = exampleHttpServer();

  it('the recorder sees connections (so an empty record means none were made)', async () => {
    const log = newLog();
    const script = `const s = require('node:net').connect(${new URL(url()).port}, '127.0.0.1', () => s.end());`;
    await runProcess(process.execPath, ['--import', RECORDER, '-e', script], { env: { MCPVET_CONNECTIONS_LOG: log } });
    expect(recorded(log)).toContainEqual({ kind: 'connect', host: '127.0.0.1', port: Number(new URL(url()).port) });
  });

  it('over HTTP, mcpvet connects to the server under test only', async () => {
    const log = newLog();
    const run = await runProcess(process.execPath, ['--import', RECORDER, CLI, 'check', ...SUITES, '--url', url(), '--format', 'json'], {
      env: { MCPVET_CONNECTIONS_LOG: log },
      timeoutMs: 60_000,
    });
    expect(run.code, run.stderr).toBe(0);
    expectSecurityRan(run.stdout);
    const entries = recorded(log);
    expect(entries.filter((e) => e.kind === 'connect').length).toBeGreaterThan(0);
    expect(foreign(entries)).toEqual([]);
  });

  it.skipIf(!canUnshare)('over stdio, inside a network namespace with only loopback, mcpvet connects nowhere outside', async () => {
    const log = newLog();
    const command = `ip link set lo up && exec "$0" --import "$1" "$2" check --suite security,auth --format json -- "$0" "$3"`;
    const run = await runProcess('unshare', ['-n', 'sh', '-c', command, process.execPath, RECORDER, CLI, NOTES_SERVER], {
      env: { MCPVET_CONNECTIONS_LOG: log },
      timeoutMs: 60_000,
    });
    expect(run.code, run.stderr).toBe(0);
    expectSecurityRan(run.stdout);
    expect(foreign(recorded(log))).toEqual([]);
  });

  it.skipIf(!canUnshare)('mcpvet fuzz, tools and envelope, inside a network namespace with only loopback, connects nowhere outside', async () => {
    const log = newLog();
    const command = `ip link set lo up && exec "$0" --import "$1" "$2" fuzz --seed 7 --runs 20 --envelope --format json --regressions "$4" -- "$0" "$3"`;
    const regressions = join(log, '..', 'regressions.json');
    const run = await runProcess('unshare', ['-n', 'sh', '-c', command, process.execPath, RECORDER, CLI, NOTES_SERVER, regressions], {
      env: { MCPVET_CONNECTIONS_LOG: log },
      timeoutMs: 60_000,
    });
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
    expect(foreign(recorded(log))).toEqual([]);
  });
});
