/** `mcpvet report merge` of `fuzz --shard i/n` reports: the same tools, inputs and failures as the unsharded run. */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

interface Tool {
  name: string;
  inputsDigest: string;
  calls: number;
  valid: number;
  invalid: number;
  failures: number;
}
/** What a fuzz run decided, without timings; tools by name (a shard lists only its own). */
const verdicts = (report: { tools: Tool[]; failures: Array<{ property: string; tool?: string; severity: string }>; envelope?: { messages: number } }) => ({
  tools: report.tools
    .map(({ name, inputsDigest, calls, valid, invalid, failures }) => ({ name, inputsDigest, calls, valid, invalid, failures }))
    .sort((a, b) => a.name.localeCompare(b.name)),
  failures: report.failures.map(({ property, tool, severity }) => `${tool ?? 'envelope'}:${property}:${severity}`).sort(),
  envelope: report.envelope?.messages,
});

async function fuzzRuns(dir: string, server: string[], total: number, seedAndRuns = ['--seed', '7', '--runs', '15']) {
  const run = (name: string, shard: string[]) =>
    runCli(
      [
        'fuzz',
        '-q',
        ...seedAndRuns,
        ...shard,
        '--regressions',
        join(dir, `${name}.regressions.json`),
        '--format',
        'json',
        '-o',
        `${join(dir, name)}/`,
        ...server,
      ],
      {
        timeoutMs: 50_000,
      },
    );
  return Promise.all([run('whole', []), ...Array.from({ length: total }, (_, i) => run(join('shards', `s${i + 1}`), ['--shard', `${i + 1}/${total}`]))]);
}

describe('mcpvet report merge (fuzz)', () => {
  it('the merge of 3 shards equals the unsharded run on the example server, envelope included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpvet-merge-fuzz-'));
    const runs = await fuzzRuns(dir, ['--envelope', '--calls', 'examples/notes-server/calls.yaml', '--', process.execPath, NOTES_SERVER], 3);
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const merged = await runCli(['report', 'merge', join(dir, 'shards'), '-o', join(dir, 'merged')]);
    expect(merged.code, merged.stderr).toBe(0);
    const whole = readJson(join(dir, 'whole', 'report.json'));
    const actual = readJson(join(dir, 'merged', 'report.json'));
    expect(verdicts(actual)).toEqual(verdicts(whole));
    expect(actual.calls).toBe(whole.calls);
    expect(actual.shard).toBeUndefined();
    expect(readJson(join(dir, 'merged', 'report.sarif')).version).toBe('2.1.0');
  }, 60_000);

  it('a failure found in one shard fails the merged run (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpvet-merge-fuzz-'));
    const runs = await fuzzRuns(dir, ['--allow-call', 'lookup', '--', process.execPath, fixture('fuzz-crashes-on-empty-string')], 2, [
      '--seed',
      '5',
      '--runs',
      '100',
    ]);
    expect(runs[0]?.code, runs[0]?.stderr).toBe(2);
    const merged = await runCli(['report', 'merge', join(dir, 'shards'), '-o', join(dir, 'merged')]);
    expect(merged.code, merged.stderr).toBe(2);
    expect(verdicts(readJson(join(dir, 'merged', 'report.json')))).toEqual(verdicts(readJson(join(dir, 'whole', 'report.json'))));
    const mixed = await runCli(['report', 'merge', join(dir, 'shards', 's1'), join(dir, '..', 'nowhere'), '-o', join(dir, 'x')]);
    expect(mixed.code).toBe(1);
  }, 60_000);
});
