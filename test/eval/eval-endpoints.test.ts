/**
 * Where each model's requests go, as a user runs a mixed matrix: two scripted models on two ports
 * stand in for "the provider's API" and "a local server", and their request logs show which
 * model (and which judge) reached which.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModel, startScriptedModel } from '../../src/eval/scripted/server.js';
import type { EvalReport } from '../../src/eval/types.js';
import { NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';
import { tempFiles } from '../helpers/temp-files.js';

const { file } = tempFiles('mcpvet-eval-endpoints');
const SERVER = ['--', process.execPath, NOTES_SERVER];

const SCRIPT = {
  rules: [
    { match: { contains: 'RUBRIC: any answer' }, replies: [{ answer: '{"verdict": "pass", "reasoning": "It answered."}' }] },
    { match: { contains: 'note n1' }, replies: [{ tool: 'get_note', arguments: { id: 'n1' } }, { answer: 'It says: {{lastToolResult}}' }] },
  ],
};

const TASKS = file(
  'tasks.yaml',
  `settings: { runs: 1, judgeModel: "openai:grader" }
tasks:
  - id: read-welcome
    prompt: "What does the note n1 say?"
    expect:
      toolCalls: [{ name: get_note, arguments: { subset: { id: n1 } } }]
      judge: { rubric: "RUBRIC: any answer" }
`,
);

let official: ScriptedModel;
let local: ScriptedModel;
beforeAll(async () => {
  [official, local] = await Promise.all([startScriptedModel({ script: SCRIPT as never }), startScriptedModel({ script: SCRIPT as never })]);
});
afterAll(async () => {
  await Promise.all([official?.close(), local?.close()]);
});

const modelsSeen = (model: ScriptedModel) => [...new Set(model.requests().map((request) => (request.body as { model: string }).model))].sort();

describe('eval: each model at its own URL', () => {
  it('sends openai: to OPENAI_BASE_URL, openai-compatible: to --base-url, and MODEL=URL to its own', async () => {
    const result = await runCli(
      [
        'eval',
        TASKS,
        '--model',
        'openai:alpha',
        '--model',
        'openai-compatible:beta',
        '--model',
        'anthropic:gamma',
        '--base-url',
        local.openaiBaseUrl,
        '--base-url',
        `anthropic:gamma=${official.anthropicBaseUrl}`,
        '--format',
        'json',
        '-q',
        ...SERVER,
      ],
      // OPENAI_BASE_URL is what the OpenAI library itself reads; the judge openai:grader follows it too.
      { timeoutMs: 90_000, env: { OPENAI_BASE_URL: official.openaiBaseUrl, OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '' } },
    );
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as EvalReport;
    expect(report.tasks.map((task) => `${task.model} ${task.passes}/${task.runs}`).sort()).toEqual([
      'anthropic:gamma 1/1',
      'openai-compatible:beta 1/1',
      'openai:alpha 1/1',
    ]);
    expect(report.runs.every((run) => run.judge?.model === 'openai:grader' && run.judge.pass)).toBe(true);
    expect(modelsSeen(official)).toEqual(['alpha', 'gamma', 'grader']);
    expect(modelsSeen(local)).toEqual(['beta']);
  }, 120_000);

  it('refuses, in one line and before any request, a URL that no model takes or a model without one', async () => {
    const before = official.requests().length + local.requests().length;
    const cases: Array<[string[], RegExp]> = [
      [
        ['--model', 'anthropic:claude', '--base-url', local.anthropicBaseUrl],
        /^mcpvet: --base-url http:\/\/127\.0\.0\.1:\d+\/v1: applies to openai-compatible: models without a URL of their own, and this run has none; to point anthropic:claude elsewhere, give --base-url anthropic:claude=URL or set ANTHROPIC_BASE_URL$/,
      ],
      [
        // Every openai-compatible model has its own URL: the bare one would go nowhere.
        ['--model', 'openai-compatible:beta', '--base-url', `openai-compatible:beta=${local.openaiBaseUrl}`, '--base-url', local.openaiBaseUrl],
        /^mcpvet: --base-url http:\/\/127\.0\.0\.1:\d+\/v1: applies to openai-compatible: models without a URL of their own, and this run has none; to point openai:grader elsewhere/,
      ],
      [['--model', 'openai-compatible:beta'], /^mcpvet: model "openai-compatible:beta": openai-compatible needs --base-url/],
      [
        ['--model', 'openai-compatible:beta', '--base-url', local.openaiBaseUrl, '--base-url', `openai:nobody=${local.openaiBaseUrl}`],
        /^mcpvet: --base-url openai:nobody=…: no model of this run is "openai:nobody"/,
      ],
      [
        ['--model', 'openai-compatible:beta', '--base-url', 'ftp://example.com/v1'],
        /^mcpvet: --base-url must be an http:\/\/ or https:\/\/ URL, not "ftp:\/\/example\.com\/v1"$/,
      ],
    ];
    for (const [flags, line] of cases) {
      const result = await runCli(['eval', TASKS, ...flags, '-q', ...SERVER], { timeoutMs: 30_000, env: { OPENAI_BASE_URL: '', ANTHROPIC_BASE_URL: '' } });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr.trim()).toMatch(line);
    }
    expect(official.requests().length + local.requests().length).toBe(before);
  }, 120_000);
});
