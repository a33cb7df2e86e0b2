import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModel, startScriptedModel } from '../../src/eval/scripted/server.js';
import type { EvalReport } from '../../src/eval/types.js';
import { NOTES_SERVER } from '../helpers/paths.js';
import { tempFiles } from '../helpers/temp-files.js';
import { runCli } from '../helpers/run.js';

const { file } = tempFiles('mcpvet-eval');
const SERVER = ['--', process.execPath, NOTES_SERVER];

const SCRIPT = {
  rules: [
    // The judge's conversation names the rubric; the task's own does not.
    { match: { contains: 'RUBRIC: names the title' }, replies: [{ answer: '{"verdict": "fail", "reasoning": "The answer does not name the title."}' }] },
    { match: { contains: 'always right' }, replies: [{ tool: 'list_notes', arguments: {} }, { answer: 'n1, n2, n3' }] },
    { match: { contains: 'always wrong' }, replies: [{ answer: 'I would rather not.' }] },
    {
      match: { contains: 'one by one' },
      replies: [
        { tool: 'get_note', arguments: { id: 'n1' } },
        { tool: 'get_note', arguments: { id: 'n2' } },
        { tool: 'get_note', arguments: { id: 'n3' } },
        { tool: 'get_note', arguments: { id: 'n4' } },
        { tool: 'get_note', arguments: {} },
        { tool: 'get_note', arguments: {} },
        { answer: 'done' },
      ],
    },
    {
      match: { contains: 'never stops' },
      replies: Array.from({ length: 20 }, () => ({ tool: 'list_notes', arguments: {} })),
    },
    { match: { contains: 'welcome note' }, replies: [{ tool: 'get_note', arguments: { id: 'n1' } }, { answer: 'It is about mcpvet.' }] },
  ],
};

let model: ScriptedModel;
beforeAll(async () => {
  model = await startScriptedModel({ script: SCRIPT as never });
});
afterAll(async () => {
  await model?.close();
});

const evalJson = async (tasks: string, extra: string[] = []) => {
  const result = await runCli(
    ['eval', tasks, '--model', 'openai-compatible:scripted', '--base-url', model.openaiBaseUrl, '--format', 'json', '-q', ...extra, ...SERVER],
    { timeoutMs: 90_000 },
  );
  expect(result.stderr).not.toMatch(/\n\s+at /);
  return { ...result, report: result.code === 1 ? undefined : (JSON.parse(result.stdout) as EvalReport) };
};

describe('adaptive stopping', () => {
  it('stops a task once its interval lies wholly on one side of the threshold, and counts the runs saved', async () => {
    const tasks = file(
      'adaptive.yaml',
      `settings: { concurrency: 1 }
tasks:
  - { id: right, prompt: "always right: list my notes", expect: { toolCalls: [{ name: list_notes }] } }
  - { id: wrong, prompt: "always wrong: list my notes", expect: { toolCalls: [{ name: list_notes }] } }
`,
    );
    const { report } = await evalJson(tasks, ['--runs', '10', '--until-confident', '--threshold', '0.5']);
    // Wilson 95 %: from 4/4 (low 0.510) and 0/4 (high 0.490) on both are decided, but the runner
    // looks only from the 5th run on.
    const right = report!.tasks.find((task) => task.task === 'right')!;
    const wrong = report!.tasks.find((task) => task.task === 'wrong')!;
    expect([right.runs, right.runsSaved]).toEqual([5, 5]);
    expect([wrong.runs, wrong.runsSaved]).toEqual([5, 5]);
    expect(report!.runsSaved).toBe(10);
    // The JSON document says what they saved: 5 runs at the mean tokens of the 5 made, per task.
    const spent = (task: string) => report!.runs.filter((run) => run.task === task).reduce((sum, run) => sum + run.inputTokens + run.outputTokens, 0);
    expect(right.tokensSaved).toBe(Math.round((5 * spent('right')) / 5));
    expect(wrong.tokensSaved).toBe(Math.round((5 * spent('wrong')) / 5));
    expect(right.tokensSaved).toBeGreaterThan(0);
    expect(report!.tokensSaved).toBe((right.tokensSaved ?? 0) + (wrong.tokensSaved ?? 0));
  }, 120_000);
});

describe('description variants', () => {
  it('rewrite what the model sees, in flight, and compare the variants on the same tasks', async () => {
    const tasks = file('variants-tasks.yaml', 'tasks:\n  - { id: welcome, prompt: "Read the welcome note", expect: { toolCalls: [{ name: get_note }] } }\n');
    const variants = file(
      'variants.yaml',
      `variants:
  - name: current
  - name: explicit
    tools:
      get_note:
        description: "VARIANT-MARK Returns the full text of one note, by its id such as n1."
        parameters:
          id: "VARIANT-PARAM the id"
`,
    );
    const before = model.requests().length;
    const { report } = await evalJson(tasks, ['--runs', '2', '--variants', variants]);
    const seen = JSON.stringify(model.requests().slice(before));
    expect(seen).toContain('VARIANT-MARK');
    expect(seen).toContain('VARIANT-PARAM');
    expect(seen).toContain('Returns one note by id.');
    expect(report!.tasks.map((task) => task.variant).sort()).toEqual(['current', 'explicit']);
    expect(report!.variantComparison?.[0]).toMatchObject({ task: 'welcome', variant: 'explicit', verdict: 'not-enough-runs' });
  }, 120_000);

  it('refuse a variant that names a tool the server does not have', async () => {
    const tasks = file('variants-tasks2.yaml', 'tasks:\n  - { id: welcome, prompt: "Read the welcome note", expect: { toolCalls: [{ name: get_note }] } }\n');
    const variants = file('bad-variants.yaml', 'variants:\n  - name: typo\n    tools:\n      get_note_typo: { description: "x" }\n');
    const result = await evalJson(tasks, ['--variants', variants]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('get_note_typo');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);
});

describe('a judge model', () => {
  it('grades a run with its rubric, and its verdict and reasoning are kept', async () => {
    const tasks = file(
      'judge.yaml',
      'tasks:\n  - { id: judged, prompt: "Summarise the welcome note", expect: { judge: { rubric: "RUBRIC: names the title" } } }\n',
    );
    const { report } = await evalJson(tasks, ['--runs', '1']);
    const run = report!.runs[0]!;
    expect(run.judge).toMatchObject({ pass: false, reasoning: 'The answer does not name the title.', model: 'openai-compatible:scripted' });
    expect(run.passed).toBe(false);
    expect(run.reasons.join(' ')).toContain('judge');
  }, 60_000);
});

describe('findings from transcripts', () => {
  it('show repeated calls, invalid arguments and tools never used', async () => {
    const tasks = file('findings.yaml', 'tasks:\n  - { id: each, prompt: "Read my notes one by one", expect: { toolCalls: [{ name: get_note }] } }\n');
    const { report } = await evalJson(tasks, ['--runs', '2']);
    const codes = (tool: string) => report!.findings.filter((finding) => finding.tool === tool).map((finding) => finding.code);
    expect(codes('get_note')).toEqual(expect.arrayContaining(['repeated-calls', 'invalid-arguments']));
    expect(codes('add_note')).toContain('tool-never-used');
    const calls = report!.runs[0]!.turns.flatMap((turn) => turn.toolCalls);
    expect(calls).toHaveLength(6);
    expect(calls[3]).toMatchObject({ name: 'get_note', invalidArguments: false });
    expect(calls[5]).toMatchObject({ name: 'get_note', invalidArguments: true });
  }, 60_000);
});

describe('limits of a run', () => {
  it('a run that never answers fails at the turn limit, and one over its token budget fails too', async () => {
    const tasks = file(
      'limits.yaml',
      `tasks:
  - { id: turns, prompt: "never stops listing", maxTurns: 3, expect: { toolCalls: [{ name: list_notes }] } }
`,
    );
    const turns = await evalJson(tasks, ['--runs', '1']);
    expect(turns.report!.runs[0]).toMatchObject({ passed: false, error: 'no answer within 3 turns' });
    expect(turns.report!.runs[0]!.turns).toHaveLength(3);
    const budget = file(
      'budget.yaml',
      `settings: { tokenBudget: 50 }\ntasks:\n  - { id: budget, prompt: "never stops listing", expect: { toolCalls: [{ name: list_notes }] } }\n`,
    );
    const over = await evalJson(budget, ['--runs', '1']);
    expect(over.report!.runs[0]!.error).toMatch(/^token budget of 50 exceeded \(\d+ tokens\)$/);
    expect(over.report!.runs[0]!.turns).toHaveLength(1);
  }, 60_000);

  it('prices tokens when --price gives USD per million', async () => {
    const tasks = file('price.yaml', 'tasks:\n  - { id: priced, prompt: "always right: list my notes", expect: { toolCalls: [{ name: list_notes }] } }\n');
    const { report } = await evalJson(tasks, ['--runs', '1', '--price', '1/2']);
    const run = report!.runs[0]!;
    expect(report!.tasks[0]!.costUsd).toBeCloseTo((run.inputTokens * 1 + run.outputTokens * 2) / 1e6, 12);
  }, 60_000);
});

describe('bad input', () => {
  it('gets one clear line per mistake and exit 1', async () => {
    const tasks = file('bad.yaml', 'tasks:\n  - id: a\n    expect: {}\n');
    const result = await runCli(['eval', tasks, '--model', 'openai-compatible:x', '--base-url', model.openaiBaseUrl, ...SERVER], { timeoutMs: 20_000 });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/bad\.yaml:\d+/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('names the providers when a model spec is wrong, and asks for a key it does not have', async () => {
    const tasks = file('ok.yaml', 'tasks:\n  - { id: a, prompt: "x", expect: { toolCalls: [{ name: list_notes }] } }\n');
    const wrong = await runCli(['eval', tasks, '--model', 'gpt-4o', ...SERVER], { timeoutMs: 20_000 });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/provider:name/);
    const noKey = await runCli(['eval', tasks, '--model', 'anthropic:claude', ...SERVER], { timeoutMs: 20_000, env: { ANTHROPIC_API_KEY: '' } });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain('ANTHROPIC_API_KEY');
  });
});
