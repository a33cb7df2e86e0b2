/**
 * `mcpvet report merge`: the merge of n `--shard i/n` runs equals the unsharded run (results,
 * statuses, codes, findings, counts), against the example server over real stdio; and what it
 * refuses (different targets, duplicates, a missing shard, files that are not reports).
 */
import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';

// Three suites with final checks (judges of the whole run's traffic) among them: the full run takes long on a busy machine.
const notes = ['--suite', 'protocol,tools,lint', '--calls', 'examples/notes-server/calls.yaml', '--', process.execPath, NOTES_SERVER];
const tmp = () => mkdtempSync(join(tmpdir(), 'mcpvet-merge-'));
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

interface Result {
  id: string;
  status: string;
  code?: string;
  level: string;
  requirements: string[];
  findings: Array<{ status: string; code?: string; level: string }>;
}
/** What a run decided, without timings or messages (a final check's message counts its shard's frames). */
const verdicts = (report: { results: Result[] }) =>
  report.results.map(({ id, status, code, level, requirements, findings }) => ({
    id,
    status,
    code,
    level,
    requirements,
    findings: findings.map((f) => `${f.status}:${f.level}:${f.code ?? ''}`),
  }));

async function shardRuns(dir: string, total: number, server: string[], extra: string[] = []): Promise<void> {
  const runs = Array.from({ length: total }, (_, i) =>
    runCli(['check', '-q', '--shard', `${i + 1}/${total}`, '--format', 'json', '-o', join(dir, 'shards', `shard-${i + 1}`), ...extra, ...server], {
      timeoutMs: 55_000,
    }),
  );
  for (const run of await Promise.all(runs)) expect(run.code, run.stderr).not.toBe(1);
}

describe('mcpvet report merge (check)', () => {
  it('the merge of 3 shards equals the unsharded run on the example server, in every format', { timeout: 90_000 }, async () => {
    const dir = tmp();
    const [whole] = await Promise.all([
      runCli(['check', '-q', '--format', 'json', '-o', join(dir, 'whole'), ...notes], { timeoutMs: 55_000 }),
      shardRuns(dir, 3, notes),
    ]);
    expect(whole.code, whole.stderr).toBe(0);
    const merged = await runCli(['report', 'merge', join(dir, 'shards'), '-o', join(dir, 'merged')]);
    expect(merged.code, merged.stderr).toBe(0);

    const expected = readJson(join(dir, 'whole', 'report.json'));
    const actual = readJson(join(dir, 'merged', 'report.json'));
    expect(verdicts(actual)).toEqual(verdicts(expected));
    expect(actual.summary).toEqual(expected.summary);
    expect(actual.shard).toBeUndefined();
    for (const field of ['target', 'transport', 'era', 'protocolVersion', 'serverInfo']) expect(actual[field]).toEqual(expected[field]);
    // Non-final checks are each in exactly one shard; the three shards hold them all.
    const shards = [1, 2, 3].map((i) => readJson(join(dir, 'shards', `shard-${i}`, 'report.json')));
    expect(shards.map((s) => s.shard)).toEqual([1, 2, 3].map((index) => ({ index, total: 3 })));
    const counts = shards.map((s) => s.results.length);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    for (const file of ['report.json', 'junit.xml', 'report.md', 'report.html', 'report.sarif']) expect(existsSync(join(dir, 'merged', file)), file).toBe(true);
    expect(readFileSync(join(dir, 'merged', 'junit.xml'), 'utf8')).toContain(`tests="${expected.results.length}"`);
  });

  it('a failing run merges to a failing run: the failure is in its shard, the merge exits 2', async () => {
    const dir = tmp();
    const broken = ['--suite', 'lint', '--', process.execPath, fixture('lint-broken-schema')];
    const [whole] = await Promise.all([
      runCli(['check', '-q', '--format', 'json', '-o', join(dir, 'whole'), ...broken], { timeoutMs: 55_000 }),
      shardRuns(dir, 2, broken),
    ]);
    expect(whole.code).toBe(2);
    const merged = await runCli(['report', 'merge', join(dir, 'shards'), '-o', join(dir, 'out'), '--format', 'json,console']);
    expect(merged.code, merged.stderr).toBe(2);
    expect(merged.stdout).toContain('lint.no-errors');
    expect(verdicts(readJson(join(dir, 'out', 'report.json')))).toEqual(verdicts(readJson(join(dir, 'whole', 'report.json'))));
  }, 60_000);

  it('refuses duplicates, a missing shard, other targets and files that are not reports, in one line (exit 1)', async () => {
    const dir = tmp();
    await shardRuns(dir, 3, ['--suite', 'lint', '--', process.execPath, NOTES_SERVER]);
    const s = (i: number) => join(dir, 'shards', `shard-${i}`, 'report.json');
    const expectRefusal = async (args: string[], message: RegExp) => {
      const result = await runCli(['report', 'merge', ...args, '-o', join(dir, 'out')]);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(message);
    };
    await expectRefusal([s(1), s(3)], /shards? 2\/3 missing/);
    const copy = join(dir, 'copy');
    mkdirSync(copy);
    cpSync(s(2), join(copy, 'report.json'));
    await expectRefusal([s(1), s(2), join(copy, 'report.json'), s(3)], /shard 2\/3 given twice/);
    const other = join(dir, 'other.json');
    writeFileSync(other, JSON.stringify({ ...readJson(s(2)), target: 'node other-server.js' }));
    await expectRefusal([s(1), other, s(3)], /target .* differs/);
    const notReport = join(dir, 'package.json');
    writeFileSync(notReport, JSON.stringify({ name: 'x' }));
    await expectRefusal([s(1), notReport], /not an mcpvet report/);
    writeFileSync(notReport, 'not json');
    await expectRefusal([notReport], /not an mcpvet report/);
    await expectRefusal([join(dir, 'nowhere')], /no such file or folder/);
    const whole = join(dir, 'whole.json');
    const { shard: _shard, ...unsharded } = readJson(s(1));
    writeFileSync(whole, JSON.stringify(unsharded));
    await expectRefusal([whole], /not a shard's report/);
  }, 60_000);
});
