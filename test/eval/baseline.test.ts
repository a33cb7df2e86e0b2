/**
 * `mcpvet eval --expected-failures FILE` end to end as a user runs it: the real CLI, the example
 * notes server over stdio and the scripted model over HTTP. A listed task under its threshold is
 * tolerated but shown as expected; an unlisted one is a regression; a listed task that meets its
 * threshold is stale; a bad file is one line and exit 1. Then the verdict on hand-built reports:
 * the `task@model` key of a matrix, and the shards of `report merge`.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evalBaselineVerdict, evalExitCode, mergeEvalBaselines } from '../../src/eval/baseline.js';
import { type ScriptedModel, startScriptedModel } from '../../src/eval/scripted/server.js';
import type { EvalReport } from '../../src/eval/types.js';
import { renderEvalHtml } from '../../src/report/eval/html.js';
import { renderEvalMarkdown } from '../../src/report/eval/markdown.js';
import { CLI, NOTES_SERVER } from '../helpers/paths.js';
import { tempFiles } from '../helpers/temp-files.js';
import { runCli, runProcess } from '../helpers/run.js';
import { report, runs, suite, task } from './run-records.js';

const { dir, file } = tempFiles('mcpvet-eval-baseline');
const SERVER = ['--', process.execPath, NOTES_SERVER];

const SCRIPT = {
  rules: [
    { match: { contains: 'always right' }, replies: [{ tool: 'list_notes', arguments: {} }, { answer: 'n1, n2, n3' }] },
    { match: { contains: 'always wrong' }, replies: [{ answer: 'I would rather not.' }] },
  ],
};

// `right` always meets the threshold; `wrong` and `also-wrong` never do.
const TASKS = file(
  'tasks.yaml',
  `settings: { concurrency: 2, runs: 2 }
tasks:
  - { id: right, prompt: "always right: list my notes", expect: { toolCalls: [{ name: list_notes }] } }
  - { id: wrong, prompt: "always wrong: list my notes", expect: { toolCalls: [{ name: list_notes }] } }
  - { id: also-wrong, prompt: "always wrong: list my notes again", expect: { toolCalls: [{ name: list_notes }] } }
`,
);
const TWO_TASKS = ['--task', 'right', '--task', 'wrong'];

let model: ScriptedModel;
beforeAll(async () => {
  model = await startScriptedModel({ script: SCRIPT as never });
});
afterAll(async () => {
  await model?.close();
});

/** One run with every format: console on stdout, the others in a folder. */
async function evalRun(extra: string[], models = ['openai-compatible:scripted']) {
  const out = mkdtempSync(join(dir, 'out-'));
  const result = await runCli(
    [
      'eval',
      TASKS,
      ...models.flatMap((spec) => ['--model', spec]),
      '--base-url',
      model.openaiBaseUrl,
      ...(models.includes('anthropic:scripted') ? ['--base-url', `anthropic:scripted=${model.anthropicBaseUrl}`] : []),
      '--format',
      'console,json,junit,markdown',
      '-o',
      out,
      '-q',
      '--no-color',
      ...extra,
      ...SERVER,
    ],
    { timeoutMs: 90_000 },
  );
  expect(result.stderr).not.toMatch(/\n\s+at /);
  const read = (name: string) => readFileSync(join(out, name), 'utf8');
  return {
    ...result,
    json: () => JSON.parse(read('report.json')) as EvalReport,
    junit: () => read('junit.xml'),
    markdown: () => read('report.md'),
  };
}

/** The <testcase> of a task in the JUnit file. */
const testcaseOf = (junit: string, id: string): string => junit.match(new RegExp(`<testcase name="${id}"[^]*?</testcase>`))?.[0] ?? '';

describe('eval --expected-failures, end to end', () => {
  it('fails the run on a task under its threshold when there is no baseline', async () => {
    const result = await evalRun(TWO_TASKS);
    expect(result.code, result.stderr).toBe(2);
    expect(result.json().baseline).toBeUndefined();
    expect(testcaseOf(result.junit(), 'wrong')).toContain('type="below-threshold"');
  }, 90_000);

  it('tolerates a listed failing task, still shown as failing and marked expected', async () => {
    // `elsewhere` is in no tasks file: a baseline may be shared, so it is tolerated.
    const baseline = file('listed.yaml', '- wrong\n- elsewhere\n');
    const result = await evalRun([...TWO_TASKS, '--expected-failures', baseline]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/✗ wrong .*expected failure/);
    expect(result.stdout).toContain(`baseline: ${baseline}`);
    expect(result.stdout).toMatch(/expected {4}wrong misses its threshold and is listed/);
    expect(result.stdout).toContain('1 expected failures, 0 regressions, 0 stale entries');
    const json = result.json();
    expect(json.tasks.find((stats) => stats.task === 'wrong')?.meetsThreshold).toBe(false);
    expect(json.baseline).toEqual({ file: baseline, expected: ['wrong'], regressions: [], stale: [] });
    const junit = result.junit();
    expect(testcaseOf(junit, 'wrong')).toContain(`<skipped message="expected failure (listed in ${baseline}): pass rate 0%`);
    expect(testcaseOf(junit, 'wrong')).not.toContain('<failure');
    expect(junit).toMatch(/<testsuites name="mcpvet eval" tests="2" failures="0" errors="0" skipped="1"/);
    expect(result.markdown()).toContain('| ⚠️ expected | wrong |');
    expect(result.markdown()).toContain('- Expected failures (listed, under the threshold): `wrong`');
  }, 90_000);

  it('fails the run on a listed task that meets its threshold now, and names it stale', async () => {
    // Only `right` runs: the run fails for the stale entry alone (`wrong`, not run, says nothing).
    const baseline = file('stale.yaml', 'expectedFailures:\n  - wrong\n  - right\n');
    const result = await evalRun(['--task', 'right', '--expected-failures', baseline]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).toMatch(/✓ right .*stale baseline entry/);
    expect(result.stdout).toContain(`stale       right meets its threshold now: remove it from ${baseline}`);
    expect(result.json().baseline).toEqual({ file: baseline, expected: [], regressions: [], stale: ['right'] });
    expect(testcaseOf(result.junit(), 'right')).toMatch(/<failure message="right is listed in .* but meets its threshold now .*" type="stale-baseline">/);
    expect(result.markdown()).toContain('- Stale (listed, meet the threshold now: remove them): `right`');
  }, 90_000);

  it('fails the run on an unlisted failing task beside a listed one, and names the regression', async () => {
    const baseline = file('partial.yaml', '- wrong\n');
    const result = await evalRun(['--expected-failures', baseline]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).toContain('regression  also-wrong misses its threshold and is not listed');
    expect(result.json().baseline).toEqual({ file: baseline, expected: ['wrong'], regressions: ['also-wrong'], stale: [] });
    const junit = result.junit();
    expect(testcaseOf(junit, 'also-wrong')).toContain('type="below-threshold"');
    expect(testcaseOf(junit, 'wrong')).toContain('<skipped message="expected failure');
  }, 90_000);

  it('keys a task per model in a matrix: task@model covers one model only', async () => {
    const models = ['openai-compatible:scripted', 'anthropic:scripted'];
    const one = file('one-model.yaml', '- wrong@openai-compatible:scripted\n');
    const partial = await evalRun([...TWO_TASKS, '--expected-failures', one], models);
    expect(partial.code, partial.stderr).toBe(2);
    expect(partial.json().baseline).toEqual({
      file: one,
      expected: ['wrong@openai-compatible:scripted'],
      regressions: ['wrong@anthropic:scripted'],
      stale: [],
    });
    const every = file('every-model.yaml', '- wrong\n');
    const tolerated = await evalRun([...TWO_TASKS, '--expected-failures', every], models);
    expect(tolerated.code, tolerated.stderr).toBe(0);
    expect(tolerated.json().baseline?.expected).toEqual(['wrong@anthropic:scripted', 'wrong@openai-compatible:scripted']);
  }, 90_000);

  it('refuses a bad file with one line and exit 1, before any model request', async () => {
    const requestsBefore = model.requests().length;
    file('not-yaml.yaml', '- wrong\n- [unclosed\n');
    file('not-a-list.yaml', 'wrong: yes\n');
    file('bad-entry.yaml', '- wrong\n- { id: right }\n');
    const cases: Array<[string, string | RegExp]> = [
      ['not-yaml.yaml', /^mcpvet: not-yaml\.yaml: not valid YAML \(.+\)$/],
      ['not-a-list.yaml', "mcpvet: not-a-list.yaml: expected a list of task ids, or 'expectedFailures:' with a list"],
      ['bad-entry.yaml', 'mcpvet: bad-entry.yaml: entry 2 ({"id":"right"}) is not a task id such as \'weather-boston\''],
      ['missing.yaml', 'mcpvet: cannot read missing.yaml: ENOENT'],
    ];
    for (const [baseline, line] of cases) {
      // Relative names, run in the folder: error lines mask long path-like strings as possible tokens.
      const args = [
        'eval',
        TASKS,
        '--model',
        'openai-compatible:scripted',
        '--base-url',
        model.openaiBaseUrl,
        '--expected-failures',
        baseline,
        '-q',
        ...SERVER,
      ];
      const result = await runProcess(process.execPath, [CLI, ...args], { cwd: dir, timeoutMs: 30_000 });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      if (typeof line === 'string') expect(result.stderr.trim()).toBe(line);
      else expect(result.stderr.trim()).toMatch(line);
    }
    expect(model.requests().length).toBe(requestsBefore);
  }, 90_000);

  it('applies to a replayed run, offline', async () => {
    const saved = join(dir, 'run.json');
    const first = await evalRun([...TWO_TASKS, '--save', saved]);
    expect(first.code, first.stderr).toBe(2);
    const requestsBefore = model.requests().length;
    const replay = (extra: string[]) => runCli(['eval', TASKS, ...TWO_TASKS, '--replay', saved, '--format', 'json', '-q', ...extra], { timeoutMs: 60_000 });
    const listed = await replay(['--expected-failures', file('replay.yaml', '- wrong\n')]);
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as EvalReport).baseline?.expected).toEqual(['wrong']);
    const stale = await replay(['--expected-failures', file('replay-stale.yaml', '- wrong\n- right\n')]);
    expect(stale.code, stale.stderr).toBe(2);
    expect((JSON.parse(stale.stdout) as EvalReport).baseline?.stale).toEqual(['right']);
    expect(model.requests().length).toBe(requestsBefore);
  }, 90_000);
});

describe('eval --expected-failures with --shard and report merge', () => {
  /** Both shards of the three tasks with one baseline, joined by `mcpvet report merge`. */
  async function shardsMerged(baselines: [string, string]) {
    const shards = await Promise.all(
      (['1/2', '2/2'] as const).map(async (shard, i) => {
        const result = await runCli(
          [
            'eval',
            TASKS,
            '--model',
            'openai-compatible:scripted',
            '--base-url',
            model.openaiBaseUrl,
            '--shard',
            shard,
            '--expected-failures',
            baselines[i] as string,
            '--format',
            'json',
            '-q',
            ...SERVER,
          ],
          { timeoutMs: 60_000 },
        );
        expect(result.stderr).not.toMatch(/\n\s+at /);
        return { code: result.code, path: file(`shard-${i + 1}-${Date.now()}.json`, result.stdout) };
      }),
    );
    const out = mkdtempSync(join(dir, 'merged-'));
    const merged = await runCli(['report', 'merge', ...shards.map((shard) => shard.path), '-o', out, '--format', 'json'], { timeoutMs: 30_000 });
    return {
      ...merged,
      shardCodes: shards.map((shard) => shard.code),
      report: merged.code === 1 ? undefined : (JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as EvalReport),
    };
  }

  it("joins the shards' verdicts: the whole run passes when every failure is expected", async () => {
    // Sorted ids, round-robin: also-wrong and wrong in shard 1, right in shard 2.
    const baseline = file('shards.yaml', '- wrong\n- also-wrong\n');
    const merged = await shardsMerged([baseline, baseline]);
    expect(merged.shardCodes).toEqual([0, 0]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.report?.baseline).toEqual({ file: baseline, expected: ['also-wrong', 'wrong'], regressions: [], stale: [] });
  }, 90_000);

  it("joins the shards' verdicts: a stale entry in one shard fails the whole run", async () => {
    const baseline = file('shards-stale.yaml', '- wrong\n- also-wrong\n- right\n');
    const merged = await shardsMerged([baseline, baseline]);
    expect(merged.shardCodes).toEqual([0, 2]);
    expect(merged.code, merged.stderr).toBe(2);
    expect(merged.report?.baseline).toEqual({ file: baseline, expected: ['also-wrong', 'wrong'], regressions: [], stale: ['right'] });
  }, 90_000);

  it('refuses shards run with different baselines', async () => {
    const merged = await shardsMerged([file('shards-a.yaml', '- wrong\n- also-wrong\n'), file('shards-b.yaml', '[]\n')]);
    expect(merged.code).toBe(1);
    expect(merged.stderr.trim().split('\n')).toHaveLength(1);
    expect(merged.stderr).toMatch(/expected-failures file .* differs from/);
  }, 90_000);
});

/** Two models: `weather` passes with the first and fails with the second; `forecast` passes with both. */
function matrixReport(): EvalReport {
  const a = { model: 'openai:a' };
  const b = { model: 'openai:b' };
  return report(
    suite([task('weather'), task('forecast')], { models: ['openai:a', 'openai:b'] }),
    [
      ...runs('weather', 5, 5, undefined, a),
      ...runs('weather', 1, 5, undefined, b),
      ...runs('forecast', 5, 5, undefined, a),
      ...runs('forecast', 5, 5, undefined, b),
    ],
    { models: ['openai:a', 'openai:b'] },
  );
}

describe('the verdict of an eval baseline', () => {
  it('keeps an entry that still covers one failing model, and calls stale one whose tasks all pass', () => {
    const verdict = evalBaselineVerdict(matrixReport(), ['weather', 'forecast@openai:a', 'weather@openai:a', 'nowhere@openai:a']);
    expect(verdict).toEqual({ expected: ['weather@openai:b'], regressions: [], stale: ['forecast@openai:a', 'weather@openai:a'] });
  });

  it('exits 2 on a regression or a stale entry, 0 when every failure is expected', () => {
    const base = matrixReport();
    const withBaseline = (entries: string[]) => ({ ...base, baseline: { file: 'b.yaml', ...evalBaselineVerdict(base, entries) } });
    expect(evalExitCode(base)).toBe(2);
    expect(evalExitCode(withBaseline(['weather@openai:b']))).toBe(0);
    expect(evalExitCode(withBaseline(['weather@openai:a']))).toBe(2);
    expect(evalExitCode(withBaseline(['weather@openai:b', 'forecast']))).toBe(2);
  });

  it('joins the verdicts of shards into the verdict of the whole run', () => {
    const whole = matrixReport();
    const entries = ['weather@openai:b', 'forecast', 'elsewhere'];
    const shardOf = (id: string): EvalReport => {
      const part = { ...whole, tasks: whole.tasks.filter((stats) => stats.task === id) };
      return { ...part, baseline: { file: 'b.yaml', ...evalBaselineVerdict(part, entries) } };
    };
    expect(mergeEvalBaselines([shardOf('weather'), shardOf('forecast')])).toEqual({ file: 'b.yaml', ...evalBaselineVerdict(whole, entries) });
    expect(mergeEvalBaselines([whole])).toBeUndefined();
  });

  it('shows expected failures and stale entries in Markdown and HTML', () => {
    const base = matrixReport();
    const marked = { ...base, baseline: { file: 'b.yaml', ...evalBaselineVerdict(base, ['weather@openai:b', 'forecast@openai:a']) } };
    const markdown = renderEvalMarkdown(marked);
    expect(markdown).toContain('## mcpvet eval: ❌ 1 stale baseline entries; 1 expected failures');
    expect(markdown).toContain('| ⚠️ expected | weather |');
    expect(markdown).toContain('| ❌ stale | forecast |');
    const html = renderEvalHtml(marked);
    expect(html).toContain('<td class="warn">under (expected failure)</td>');
    expect(html).toContain('<td class="fail">meets (stale baseline entry)</td>');
    expect(html).toContain('Stale (listed, meet the threshold now: remove them): <code>forecast@openai:a</code>');
    expect(html).toMatch(/<p class="big fail">1 of \d+ tasks under the threshold \(\d+%\), 1 of them expected failures; 1 stale baseline entries<\/p>/);
    const onlyExpected = { ...base, baseline: { file: 'b.yaml', ...evalBaselineVerdict(base, ['weather@openai:b']) } };
    expect(renderEvalHtml(onlyExpected)).toMatch(/<p class="big pass">1 of \d+ tasks under the threshold \(\d+%\), 1 of them expected failures<\/p>/);
  });
});
