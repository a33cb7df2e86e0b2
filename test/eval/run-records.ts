/** Hand-built suites, runs and reports for the statistics and renderer tests. */
import { buildEvalReport, savedKey, type EvalReportInput } from '../../src/eval/report.js';
import type { EvalReport, EvalSettings, EvalSuite, EvalTask, RunRecord, ToolCallRecord } from '../../src/eval/types.js';

export const SETTINGS: EvalSettings = {
  models: ['openai:test'],
  runs: 5,
  maxTurns: 8,
  timeoutMs: 60_000,
  toolTimeoutMs: 10_000,
  concurrency: 2,
  threshold: 0.8,
  k: 3,
};

export function task(id: string, expected: string[] = [], extra: Partial<EvalTask> = {}): EvalTask {
  return { id, prompt: `do ${id}`, tags: [], holdout: false, expect: expected.length ? { toolCalls: expected.map((name) => ({ name })) } : {}, ...extra };
}

export function suite(tasks: EvalTask[], settings: Partial<EvalSettings> = {}): EvalSuite {
  return { settings: { ...SETTINGS, ...settings }, tasks };
}

export function call(name: string, extra: Partial<ToolCallRecord> = {}): ToolCallRecord {
  return { name, calledAs: name, arguments: {}, invalidArguments: false, isError: false, resultBytes: 100, ms: 10, ...extra };
}

/** One run: its calls in one turn, 100 tokens in and 10 out, 1 s wall time. */
export function run(taskId: string, passed: boolean, calls: ToolCallRecord[] = [], extra: Partial<RunRecord> = {}): RunRecord {
  return {
    task: taskId,
    model: 'openai:test',
    run: 0,
    passed,
    reasons: passed ? [] : ['the answer did not match'],
    answer: 'ok',
    turns: [{ text: '', toolCalls: calls, inputTokens: 100, outputTokens: 10, modelMs: 500, finishReason: 'stop' }],
    inputTokens: 100,
    outputTokens: 10,
    modelMs: 500,
    mcpMs: calls.reduce((sum, entry) => sum + entry.ms, 0),
    wallMs: 1000,
    ...extra,
  };
}

/** `passes` passing runs then failing ones up to `runs`, numbered. */
export function runs(
  taskId: string,
  passes: number,
  total: number,
  calls: (i: number) => ToolCallRecord[] = () => [],
  extra: Partial<RunRecord> = {},
): RunRecord[] {
  return Array.from({ length: total }, (_, i) => run(taskId, i < passes, calls(i), { run: i, ...extra }));
}

export function input(theSuite: EvalSuite, theRuns: RunRecord[], extra: Partial<EvalReportInput> = {}): EvalReportInput {
  return {
    suite: theSuite,
    runs: theRuns,
    target: 'node server.js',
    models: ['openai:test'],
    replayed: false,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 12_000,
    tools: [],
    notConverted: [],
    ...extra,
  };
}

export function report(theSuite: EvalSuite, theRuns: RunRecord[], extra: Partial<EvalReportInput> = {}): EvalReport {
  return buildEvalReport(input(theSuite, theRuns, extra));
}

/**
 * A report that shows everything: a task that passes, one under the threshold that loops on a tool
 * with large results, a held-out task, a confusion, an unused tool, runs saved and prices.
 */
export function sampleReport(): EvalReport {
  const tasks = [task('weather-boston', ['get_weather']), task('forecast', ['get_forecast']), task('secret', ['get_weather'], { holdout: true })];
  return report(
    suite(tasks),
    [
      ...runs('weather-boston', 4, 5, (i) => [call(i < 4 ? 'get_weather' : 'get_forecast')]),
      ...runs('forecast', 1, 5, () => Array.from({ length: 6 }, () => call('get_forecast', { resultBytes: 30_000 }))),
      ...runs('secret', 3, 3, () => [call('get_weather')]),
    ],
    {
      tools: [
        { name: 'get_weather', definitionTokens: 80 },
        { name: 'get_forecast', definitionTokens: 120 },
        { name: 'delete_all', definitionTokens: 50 },
      ],
      runsSaved: { [savedKey('secret', 'openai:test')]: 2 },
      prices: { inputPerToken: 0.000002, outputPerToken: 0.00001 },
    },
  );
}

/** Every run passes, every expected tool is called, nothing to find. */
export function cleanReport(): EvalReport {
  return report(
    suite([task('weather-boston', ['get_weather'])]),
    runs('weather-boston', 5, 5, () => [call('get_weather')]),
    {
      tools: [{ name: 'get_weather', definitionTokens: 80 }],
    },
  );
}
