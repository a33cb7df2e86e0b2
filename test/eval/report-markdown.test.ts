import { describe, expect, it } from 'vitest';
import { renderEvalMarkdown } from '../../src/report/eval/markdown.js';
import { cleanReport, report, runs, sampleReport, suite, task } from './run-records.js';

describe('eval Markdown report', () => {
  const text = renderEvalMarkdown(sampleReport());

  it('heads with the verdict and gives a row per task with rate, interval, pass@k and pass^k', () => {
    expect(text.split('\n')[0]).toBe('## mcpvet eval: ❌ 1 of 3 tasks under the threshold (80%)');
    expect(text).toContain('| ✅ | weather-boston | 80% | 38–96% | 4/5 | 100% (k=3) | 40% |');
    expect(text).toContain('| ❌ | forecast | 20% | 4–62% | 1/5 | 60% (k=3) | 0% |');
    expect(text).toContain('| ✅ | secret *(held out)* | 100% | 44–100% | 3/3 | 100% (k=3) | 100% |');
    expect(renderEvalMarkdown(cleanReport()).split('\n')[0]).toBe('## mcpvet eval: ✅ every task reached the threshold (80%)');
  });

  it('gives the overall and held-out lines with tokens, cost and times, then confusions and findings', () => {
    expect(text).toContain('| **overall** | 50% | 24–76% | 5/10 | 1.0k / 100 | $0.0030 | 1.00s/1.00s | 500ms/500ms | 10ms/60ms |');
    expect(text).toMatch(/\| \*\*held out\*\* \| 100% \|/);
    expect(text).toContain('| openai:test | get\\_weather | get\\_forecast | 1 |');
    expect(text).toContain('- **repeated-calls** `get_forecast`:');
    expect(renderEvalMarkdown(cleanReport())).not.toContain('### Tool confusion');
  });

  it('escapes task ids that would break the table or inject HTML', () => {
    const nasty = report(suite([task('a|b<script>')]), runs('a|b<script>', 1, 1));
    const row = renderEvalMarkdown(nasty)
      .split('\n')
      .find((line) => line.includes('a\\|b'))!;
    expect(row).toContain('a\\|b&lt;script&gt;');
    expect(row.split(/(?<!\\)\|/).length).toBe(9);
  });
});
