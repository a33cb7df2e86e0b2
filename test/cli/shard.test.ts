/** `--shard i/n`: the split (deterministic, balanced, complete) and the one-line refusal of bad values. */
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../../src/check/registry.js';
import { selectChecks } from '../../src/check/runner.js';
import { inShard, parseShard } from '../../src/wire/shard.js';
import { NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';

describe('--shard i/n', () => {
  it('puts every non-final check in exactly one shard, in parts that differ by at most one; final checks in every shard', () => {
    for (const total of [1, 2, 3, 7, 1000]) {
      const parts = Array.from({ length: total }, (_, i) => selectChecks(ALL_CHECKS, { shard: { index: i + 1, total } }));
      const regular = parts.map((part) => part.filter((check) => !check.final).map((check) => check.id));
      expect(regular.flat().sort()).toEqual(
        ALL_CHECKS.filter((check) => !check.final)
          .map((check) => check.id)
          .sort(),
      );
      const sizes = regular.map((ids) => ids.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      const finals = ALL_CHECKS.filter((check) => check.final).map((check) => check.id);
      for (const part of parts) expect(part.filter((check) => check.final).map((check) => check.id)).toEqual(finals);
    }
  });

  it('depends on the keys only, not on their order', () => {
    const tools = ['b', 'a', 'd', 'c', 'e'];
    expect(inShard(tools, (name) => name, { index: 2, total: 2 })).toEqual(['b', 'd']);
    expect(inShard([...tools].reverse(), (name) => name, { index: 2, total: 2 })).toEqual(['d', 'b']);
    expect(parseShard(' 3 / 4 ')).toEqual({ index: 3, total: 4 });
  });

  it('check --list --shard lists that part only', async () => {
    const first = await runCli(['check', '--list', '--suite', 'lint,tools', '--shard', '1/2', '--format', 'json']);
    const second = await runCli(['check', '--list', '--suite', 'lint,tools', '--shard', '2/2', '--format', 'json']);
    const all = await runCli(['check', '--list', '--suite', 'lint,tools', '--format', 'json']);
    const ids = (output: string) => (JSON.parse(output) as Array<{ id: string }>).map((row) => row.id);
    expect(new Set([...ids(first.stdout), ...ids(second.stdout)])).toEqual(new Set(ids(all.stdout)));
    expect(ids(first.stdout).length).toBeLessThan(ids(all.stdout).length);
  });

  for (const command of [['check'], ['fuzz'], ['eval', 'tasks.yaml']])
    it(`${command[0]} refuses bad values in one line, exit 1`, async () => {
      for (const value of ['0/3', '4/3', '1/0', 'x', '1/1001', '-1/2', '1.5/3']) {
        const result = await runCli([...command, '--shard', value, '--', process.execPath, NOTES_SERVER]);
        expect(result.code, `${value}: ${result.stderr}`).toBe(1);
        expect(result.stderr.trim().split('\n')).toHaveLength(1);
        expect(result.stderr).toContain('--shard');
        expect(result.stderr).not.toMatch(/\n\s+at /);
      }
    });
});
