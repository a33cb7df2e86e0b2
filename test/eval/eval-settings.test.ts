/**
 * Suite settings doing what they say in a real run (until now they were only parsed): the
 * temperature reaches the provider, `--tag` picks the tasks, and a tool slower than `toolTimeout`
 * is a failed call that does not hold the run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModel, startScriptedModel } from '../../src/eval/scripted/server.js';
import type { EvalReport } from '../../src/eval/types.js';
import { fixture } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';
import { tempFiles } from '../helpers/temp-files.js';

const { file } = tempFiles('mcpvet-eval-settings');

const SCRIPT = {
  rules: [
    { match: { contains: 'slowly' }, replies: [{ tool: 'sleep', arguments: { ms: 5000 } }, { answer: 'Slept.' }] },
    { match: { contains: 'quickly' }, replies: [{ tool: 'sleep', arguments: { ms: 0 } }, { answer: 'Done.' }] },
  ],
};

const TASKS = file(
  'tasks.yaml',
  `settings: { runs: 2, temperature: 0.3, toolTimeout: 400ms, concurrency: 2 }
tasks:
  - { id: slow, tags: [slow], prompt: "Sleep slowly", expect: { toolCalls: [{ name: sleep }] } }
  - { id: quick, tags: [quick], prompt: "Sleep quickly", expect: { toolCalls: [{ name: sleep }] } }
`,
);

let model: ScriptedModel;
beforeAll(async () => {
  model = await startScriptedModel({ script: SCRIPT as never });
});
afterAll(async () => {
  await model?.close();
});

describe('eval settings in a real run', () => {
  it('temperature, --tag and toolTimeout', async () => {
    const args = ['eval', TASKS, '--model', 'openai-compatible:scripted', '--base-url', model.openaiBaseUrl, '--tag', 'slow', '--format', 'json', '-q'];
    const result = await runCli([...args, '--', process.execPath, fixture('load-sleepy')], { timeoutMs: 60_000 });
    const report = JSON.parse(result.stdout) as EvalReport;
    expect(report.tasks.map((task) => task.task)).toEqual(['slow']);
    expect(report.runs).toHaveLength(2);
    const bodies = model.requests().map((request) => request.body as { temperature?: number });
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.every((body) => body.temperature === 0.3)).toBe(true);
    // The 5 s sleep is given up after 400 ms: a failed call, and both runs end well before 5 s.
    const calls = report.runs.flatMap((run) => run.turns.flatMap((turn) => turn.toolCalls));
    expect(calls).toHaveLength(2);
    expect(calls.every((call) => call.isError && /no answer within 400 ms/.test(call.error ?? ''))).toBe(true);
    expect(report.runs.every((run) => run.wallMs < 5000)).toBe(true);
  }, 60_000);
});
