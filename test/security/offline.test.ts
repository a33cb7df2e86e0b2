/**
 * The security suites and `mcpvet fuzz` send nothing anywhere but the server under test and
 * mcpvet's own loopback canary. Every outbound connection and DNS lookup of the mcpvet process is recorded (a preloaded
 * hook) and must name loopback only; over stdio the run also happens inside a network namespace
 * that has nothing but loopback (`unshare -n`, where the machine allows it), so a stray
 * connection could not leave the machine even if the hook missed it. The auth suite runs against
 * the notes server's bearer auth with every token flag and `--canary`, so its probes and the
 * metadata lookup really run, and against a server whose 401 names metadata on another host.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleHttpServer } from '../helpers/check.js';
import { CLI, fixture, NOTES_SERVER, ROOT } from '../helpers/paths.js';
import { runProcess } from '../helpers/run.js';
import { bearer, notesTokens } from '../helpers/tokens.js';

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

/** The run's bearer header, every --token-* flag for a notes server at `url`, and --canary. */
function protectedRunFlags(url: string): string[] {
  const { full, otherAudience, expired, lowScope, otherUser } = notesTokens(url);
  return [
    '--header',
    `Authorization: ${bearer(full).Authorization}`,
    ...['--token-other-audience', otherAudience, '--token-expired', expired, '--token-low-scope', lowScope, '--token-other-user', otherUser],
    '--canary',
  ];
}

const statusOf = (stdout: string) => {
  const report = JSON.parse(stdout) as { results: { id: string; status: string; message?: string }[] };
  return (id: string) => report.results.find((r) => r.id === id);
};

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

  describe('with bearer auth', () => {
    const protectedUrl = exampleHttpServer(['--auth']);

    it('every token flag and --canary: the auth probes and the metadata lookup run, and reach the server under test only', async () => {
      const log = newLog();
      const run = await runProcess(
        process.execPath,
        ['--import', RECORDER, CLI, 'check', ...SUITES, '--url', protectedUrl(), ...protectedRunFlags(protectedUrl()), '--format', 'json'],
        { env: { MCPVET_CONNECTIONS_LOG: log }, timeoutMs: 90_000 },
      );
      expect(run.code, run.stderr).toBe(0);
      expectSecurityRan(run.stdout);
      const result = statusOf(run.stdout);
      // Each of these needs the server protected, a token flag, or --canary: none was skipped or left incomplete.
      for (const id of [
        'auth.resource-metadata',
        'auth.other-audience-401',
        'auth.expired-token-401',
        'auth.insufficient-scope-403',
        'auth.scopes-supported-minimal',
        'security.canary-echo',
      ])
        expect(result(id)?.status, `${id}: ${result(id)?.message}`).toBe('pass');
      const entries = recorded(log);
      expect(entries.filter((e) => e.kind === 'connect').length).toBeGreaterThan(0);
      expect(foreign(entries)).toEqual([]);
    });
  });

  it.skipIf(!canUnshare)(
    'a 401 naming resource_metadata on another host: mcpvet does not follow it, inside a network namespace with only loopback',
    async () => {
      const log = newLog();
      // The namespace is this test's alone, so a fixed port is free; the tokens are minted for it.
      const url = 'http://127.0.0.1:47123/mcp';
      const command = [
        'node="$0" recorder="$1" cli="$2" server_script="$3" log="$4" url="$5"; shift 5',
        'ip link set lo up',
        // The server under test runs without the recorder: only mcpvet's own connections are judged.
        'MCPVET_CONNECTIONS_LOG= "$node" "$server_script" --http --port 47123 2>"$log.server" & server=$!',
        // However this shell ends, the server goes with it: the namespace has no init to reap it.
        "trap 'kill $server 2>/dev/null' EXIT",
        'i=0; until grep -q listening "$log.server"; do i=$((i+1)); [ $i -gt 100 ] && exit 9; sleep 0.1; done',
        '"$node" --import "$recorder" "$cli" check --suite security,auth --url "$url" --format json "$@"; code=$?',
        'exit $code',
      ].join('\n');
      const run = await runProcess(
        'unshare',
        ['-n', 'sh', '-c', command, process.execPath, RECORDER, CLI, fixture('auth-metadata-off-loopback'), log, url, ...protectedRunFlags(url)],
        { env: { MCPVET_CONNECTIONS_LOG: log }, timeoutMs: 90_000 },
      );
      expect(run.code, run.stderr).not.toBe(9);
      expect(run.stdout, run.stderr).not.toBe('');
      const metadata = statusOf(run.stdout)('auth.resource-metadata');
      expect(metadata?.status).toBe('incomplete');
      expect(metadata?.message).toContain('metadata.example.com');
      expect(foreign(recorded(log))).toEqual([]);
    },
  );
});
