import { describe, expect, it } from 'vitest';
import { savedKey } from '../../src/eval/report.js';
import { call, report, run, runs, suite, task } from './run-records.js';

describe('buildEvalReport: per task', () => {
  it('fills pass rate, interval, pass@k and pass^k with k capped at the runs', () => {
    const result = report(suite([task('a'), task('b')]), [...runs('a', 3, 10), ...runs('b', 2, 2)]);
    const a = result.tasks.find((stats) => stats.task === 'a')!;
    expect(a).toMatchObject({ runs: 10, passes: 3, passRate: 0.3, k: 3, meetsThreshold: false, holdout: false, model: 'openai:test' });
    // Wilson 3/10 (by the formula): 0.1078 to 0.6032.
    expect(a.interval.low).toBeCloseTo(0.1078, 4);
    expect(a.interval.high).toBeCloseTo(0.6032, 4);
    // n=10, c=3, k=3: pass@3 = 1 − C(7,3)/C(10,3) = 1 − 35/120; pass^3 = C(3,3)/C(10,3) = 1/120.
    expect(a.passAtK).toBeCloseTo(1 - 35 / 120, 12);
    expect(a.passHatK).toBeCloseTo(1 / 120, 12);
    const b = result.tasks.find((stats) => stats.task === 'b')!;
    expect(b).toMatchObject({ runs: 2, passes: 2, k: 2, passAtK: 1, passHatK: 1, meetsThreshold: true });
  });

  it('counts calls, errors, invalid arguments, tokens and times per task', () => {
    const calls = [call('search', { ms: 10 }), call('search', { ms: 30, isError: true }), call('get', { ms: 20, invalidArguments: true })];
    const result = report(suite([task('a')]), [run('a', true, calls, { wallMs: 900 }), run('a', false, [], { wallMs: 3000 })]);
    const stats = result.tasks[0]!;
    expect(stats).toMatchObject({ toolCallsPerRun: 1.5, toolErrors: 1, invalidArguments: 1, inputTokens: 200, outputTokens: 20 });
    expect(stats.toolCallMs).toEqual({ p50: 20, p95: 30 });
    expect(stats.wallMs).toEqual({ p50: 900, p95: 3000 });
    expect(stats.mcpMs).toEqual({ p50: 0, p95: 60 });
    expect(stats.costUsd).toBeUndefined();
  });

  it('prices tokens when prices are given', () => {
    const result = report(suite([task('a')]), runs('a', 1, 2), { prices: { inputPerToken: 0.001, outputPerToken: 0.01 } });
    // 2 runs × (100 × 0.001 + 10 × 0.01) = 0.4 dollars.
    expect(result.tasks[0]!.costUsd).toBeCloseTo(0.4, 12);
    expect(result.overall[0]!.costUsd).toBeCloseTo(0.4, 12);
  });

  it('keeps the runs --until-confident saved, per task and in all', () => {
    const saved = new Map([[savedKey('a', 'openai:test'), 4]]);
    const result = report(suite([task('a'), task('b')]), [...runs('a', 3, 3), ...runs('b', 1, 5)], { runsSaved: saved });
    expect(result.tasks.map((stats) => stats.runsSaved)).toEqual([4, 0]);
    expect(result.runsSaved).toBe(4);
    // Each run of a spent 100 + 10 tokens: the 4 runs not made saved about 440.
    expect(result.tasks.map((stats) => stats.tokensSaved)).toEqual([440, 0]);
    expect(result.tokensSaved).toBe(440);
    const fromRecord = report(suite([task('a')]), runs('a', 3, 3), { runsSaved: { [savedKey('a', 'openai:test')]: 2 } });
    expect(fromRecord.runsSaved).toBe(2);
  });

  it('lists a task without runs as not meeting the threshold', () => {
    const result = report(suite([task('a'), task('never')]), runs('a', 5, 5));
    expect(result.tasks.find((stats) => stats.task === 'never')).toMatchObject({ runs: 0, passRate: 0, meetsThreshold: false, k: 0 });
  });
});

describe('buildEvalReport: overall', () => {
  it('reports held-out tasks apart from the others, per model', () => {
    const tasks = [task('a'), task('b'), task('secret', [], { holdout: true })];
    const theRuns = [
      ...runs('a', 4, 4),
      ...runs('b', 0, 4),
      ...runs('secret', 1, 4),
      ...runs('a', 2, 2, () => [], { model: 'anthropic:other' }),
      ...runs('secret', 2, 2, () => [], { model: 'anthropic:other' }),
    ];
    const result = report(suite(tasks), theRuns, { models: ['openai:test', 'anthropic:other'] });
    const overall = result.overall.map(({ model, holdout, runs: n, passes }) => ({ model, holdout, runs: n, passes }));
    expect(overall).toEqual([
      { model: 'openai:test', holdout: false, runs: 8, passes: 4 },
      { model: 'openai:test', holdout: true, runs: 4, passes: 1 },
      { model: 'anthropic:other', holdout: false, runs: 2, passes: 2 },
      { model: 'anthropic:other', holdout: true, runs: 2, passes: 2 },
    ]);
    expect(result.tasks.filter((stats) => stats.holdout).map((stats) => `${stats.task} ${stats.model}`)).toEqual([
      'secret openai:test',
      'secret anthropic:other',
    ]);
  });

  it('has no held-out line when no task is held out', () => {
    const result = report(suite([task('a')]), runs('a', 1, 2));
    expect(result.overall.map((entry) => entry.holdout)).toEqual([false]);
  });
});

describe('buildEvalReport: confusion matrix', () => {
  it('counts, per expected call, the tool called, the first unexpected one, or (none)', () => {
    const tasks = [task('weather', ['get_weather']), task('both', ['search', 'fetch'])];
    const theRuns = [
      run('weather', true, [call('get_weather')]),
      run('weather', true, [call('get_weather')]),
      run('weather', false, [call('get_forecast'), call('get_weather_alerts')]),
      run('weather', false, [call('get_forecast')]),
      run('weather', false, []),
      // search called, fetch not; the unexpected tool is 'list'.
      run('both', false, [call('search'), call('list')]),
      // neither expected tool: both count against 'list'.
      run('both', false, [call('list')]),
    ];
    const result = report(suite(tasks), theRuns);
    const cells = Object.fromEntries(result.confusion.map((cell) => [`${cell.expected}>${cell.actual}`, cell.count]));
    expect(cells).toEqual({
      'get_weather>get_weather': 2,
      'get_weather>get_forecast': 2,
      'get_weather>(none)': 1,
      'search>search': 1,
      'fetch>list': 2,
      'search>list': 1,
    });
    expect(result.confusion.every((cell) => cell.model === 'openai:test' && cell.variant === undefined)).toBe(true);
  });
});

describe('buildEvalReport: tools and variants', () => {
  it('gives each tool its definition tokens, largest result and calls', () => {
    const theRuns = [
      run('a', true, [call('search', { resultBytes: 300 }), call('search', { resultBytes: 1200 })]),
      run('a', true, [call('get', { resultBytes: 50 })]),
    ];
    const result = report(suite([task('a')]), theRuns, {
      tools: [
        { name: 'search', definitionTokens: 120 },
        { name: 'get', definitionTokens: 40 },
        { name: 'unused', definitionTokens: 10 },
      ],
    });
    expect(result.tools).toEqual([
      { tool: 'search', definitionTokens: 120, maxResultBytes: 1200, calls: 2 },
      { tool: 'get', definitionTokens: 40, maxResultBytes: 50, calls: 1 },
      { tool: 'unused', definitionTokens: 10, maxResultBytes: 0, calls: 0 },
    ]);
  });

  it('compares each variant against the first, per task and model', () => {
    const theRuns = [
      ...runs('a', 2, 20, () => [], { variant: 'terse' }),
      ...runs('a', 18, 20, () => [], { variant: 'clear' }),
      ...runs('b', 10, 10, () => [], { variant: 'terse' }),
      ...runs('b', 10, 10, () => [], { variant: 'clear' }),
    ];
    const result = report(suite([task('a'), task('b')]), theRuns, { variants: 'variants.yaml' });
    expect(result.tasks.map((stats) => `${stats.task} ${stats.variant}`)).toEqual(['a terse', 'b terse', 'a clear', 'b clear']);
    expect(result.variantComparison!.map((row) => [row.task, row.variant, row.verdict])).toEqual([
      ['a', 'clear', 'better'],
      ['b', 'clear', 'not-enough-runs'],
    ]);
    expect(result.variantComparison![0]!.difference).toBeCloseTo(0.8, 12);
    expect(result.overall.map((entry) => entry.variant)).toEqual(['terse', 'clear']);
    expect(report(suite([task('a')]), runs('a', 1, 1)).variantComparison).toBeUndefined();
  });
});
