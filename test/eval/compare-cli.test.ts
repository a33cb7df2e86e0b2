import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderEvalJson } from '../../src/report/eval/json.js';
import { runCli } from '../helpers/run.js';
import { report, runs, suite, task } from './run-records.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpvet-eval-compare-'));
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

const tasks = [task('weather'), task('forecast')];
const baseline = file('base.json', renderEvalJson(report(suite(tasks), [...runs('weather', 20, 20), ...runs('forecast', 3, 5)])));
const regressed = file('regressed.json', renderEvalJson(report(suite(tasks), [...runs('weather', 2, 20), ...runs('forecast', 4, 5)])));
const noisy = file('noisy.json', renderEvalJson(report(suite(tasks), [...runs('weather', 18, 20), ...runs('forecast', 2, 5)])));

describe('mcpvet eval compare', () => {
  it('exits 2 and says WORSE when a task regressed significantly', async () => {
    const result = await runCli(['eval', 'compare', baseline, regressed]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).toMatch(/weather\s+100% \(20\/20\) →\s+10% \(2\/20\).*WORSE/);
    expect(result.stdout).toContain('1 worse');
  });

  it('exits 0 when differences are within the noise', async () => {
    const result = await runCli(['eval', 'compare', baseline, noisy]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('2 tasks compared: 0 better, 0 worse, 2 not enough runs to tell');
  });

  it('prints the EvalComparison as JSON, and Markdown, and writes -o FILE', async () => {
    const json = await runCli(['eval', 'compare', baseline, regressed, '--format', 'json']);
    expect(json.code).toBe(2);
    const comparison = JSON.parse(json.stdout);
    expect(comparison).toMatchObject({ format: 'mcpvet-eval-compare', a: baseline, b: regressed, regressions: 1 });
    expect(comparison.rows.find((row: { task: string }) => row.task === 'weather').verdict).toBe('worse');
    const markdown = await runCli(['eval', 'compare', baseline, noisy, '--format', 'markdown']);
    expect(markdown.stdout.split('\n')[0]).toBe('## mcpvet eval compare: ✅ no significant regression');
    const out = join(dir, 'out', 'comparison.md');
    const written = await runCli(['eval', 'compare', baseline, regressed, '--format', 'markdown', '-o', out]);
    expect(written.code).toBe(2);
    expect(written.stdout).toBe('');
    expect(written.stderr).toContain(`wrote ${out}`);
    expect(readFileSync(out, 'utf8')).toContain('❌ 1 task regressed significantly');
  });

  it('a file that is not an eval report is one clear line and exit 1', async () => {
    const cases = [
      [file('tools.json', JSON.stringify({ tools: [] })), 'not an mcpvet eval report'],
      [file('text.json', 'hello'), 'not JSON'],
      [file('v2.json', JSON.stringify({ format: 'mcpvet-eval', version: 2, tasks: [] })), 'version 2 is not supported'],
      [file('bad-task.json', JSON.stringify({ format: 'mcpvet-eval', version: 1, tasks: [{ task: 'x' }] })), 'tasks[0] is not a task result'],
      [join(dir, 'missing.json'), 'no such file'],
      [
        file(
          'other-model.json',
          renderEvalJson(
            report(
              suite(tasks),
              runs('weather', 1, 1, () => [], { model: 'openai:other' }),
              { models: ['openai:other'] },
            ),
          ),
        ),
        'no task in common',
      ],
    ];
    for (const [path, message] of cases) {
      const result = await runCli(['eval', 'compare', baseline, path as string]);
      expect(result.code, path).toBe(1);
      expect(result.stderr).toContain(message);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).not.toMatch(/at .*\.js:\d+/);
    }
  });
});
