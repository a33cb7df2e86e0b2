import { describe, expect, it } from 'vitest';
import { compareReports } from '../../src/eval/compare.js';
import { renderCompareConsole } from '../../src/report/eval/compare-console.js';
import { renderCompareMarkdown } from '../../src/report/eval/compare-markdown.js';
import { renderEvalJson } from '../../src/report/eval/json.js';
import { report, runs, suite, task } from './run-records.js';

const tasks = [task('weather'), task('forecast'), task('secret', [], { holdout: true }), task('old')];
const baseline = report(suite(tasks), [...runs('weather', 20, 20), ...runs('forecast', 1, 5), ...runs('secret', 3, 3), ...runs('old', 1, 1)]);
const current = report(suite(tasks.slice(0, 3)), [...runs('weather', 0, 20), ...runs('forecast', 5, 5), ...runs('secret', 3, 3)]);
const comparison = compareReports(baseline, current, { a: 'base.json', b: 'new.json' });

describe('eval compare renderers', () => {
  it('console: a line per task with both rates, the difference, its interval and the verdict', () => {
    const text = renderCompareConsole(comparison, { color: false });
    expect(text).toMatch(/weather\s+100% \(20\/20\) →\s+0% \(0\/20\)\s+-100% \[-100%, -77%\]\s+WORSE/);
    expect(text).toMatch(/forecast\s+20% \(1\/5\) → 100% \(5\/5\)\s+\+80% \[\+19%, \+96%\]\s+better/);
    expect(text).toMatch(/secret \(held out\).*not enough runs to tell/);
    expect(text).toContain('only in A: old / openai:test');
    expect(text).toContain('3 tasks compared: 1 better, 1 worse, 1 not enough runs to tell');
  });

  it('markdown: the verdict first, then a table', () => {
    const text = renderCompareMarkdown(comparison);
    expect(text.split('\n')[0]).toBe('## mcpvet eval compare: ❌ 1 task regressed significantly');
    expect(text).toContain('| weather | 100% (20/20) | 0% (0/20) | -100% | [-100%, -77%] | ❌ worse |');
    expect(text).toContain('| forecast | 20% (1/5) | 100% (5/5) | +80% | [+19%, +96%] | ✅ better |');
    expect(text).toContain('Only in A: old / openai:test');
    expect(renderCompareMarkdown(compareReports(baseline, baseline, { a: 'a', b: 'a' })).split('\n')[0]).toBe(
      '## mcpvet eval compare: ✅ no significant regression',
    );
  });

  it('json: the EvalComparison as is', () => {
    expect(JSON.parse(renderEvalJson(comparison))).toEqual(JSON.parse(JSON.stringify(comparison)));
  });
});
