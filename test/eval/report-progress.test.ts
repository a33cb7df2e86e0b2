import { describe, expect, it } from 'vitest';
import { formatProgressLine } from '../../src/report/eval/progress.js';

describe('eval progress line', () => {
  it('says tasks done, runs done, the pass rate so far and the tokens spent', () => {
    expect(formatProgressLine({ tasksDone: 3, tasksTotal: 10, runsDone: 15, runsTotal: 50, passes: 12, tokens: 12_345 })).toBe(
      'mcpvet eval: 3/10 tasks, 15/50 runs, pass rate so far 80%, 12.3k tokens',
    );
    expect(
      formatProgressLine({ tasksDone: 3, tasksTotal: 10, runsDone: 15, passes: 12, tokens: 0, lowest: { label: 'weather-boston', passes: 1, runs: 5 } }),
    ).toBe('mcpvet eval: 3/10 tasks, 15 runs, pass rate so far 80% (lowest: weather-boston 1/5), 0 tokens');
    // Nothing failed yet: no task is named.
    expect(formatProgressLine({ tasksDone: 1, tasksTotal: 2, runsDone: 5, passes: 5, tokens: 0, lowest: { label: 'a', passes: 5, runs: 5 } })).not.toContain(
      'lowest',
    );
    expect(formatProgressLine({ tasksDone: 0, tasksTotal: 2, runsDone: 0, passes: 0, tokens: 0 })).toBe(
      'mcpvet eval: 0/2 tasks, 0 runs, no run finished yet, 0 tokens',
    );
  });
});
