/**
 * Tools a provider would refuse, in a real run: a dotted name is offered under a rewritten one and
 * the model's calls reach the real tool; a schema OpenAI-style APIs refuse is not offered and is
 * reported as `tool-not-converted`. The fixture server lists both beside the notes tools.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModel, startScriptedModel } from '../../src/eval/scripted/server.js';
import type { EvalReport } from '../../src/eval/types.js';
import { fixture } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';
import { tempFiles } from '../helpers/temp-files.js';

const { file } = tempFiles('mcpvet-eval-tool-names');

// The script names the MCP tool; the scripted model calls it by the name it was offered.
const SCRIPT = {
  rules: [{ match: { contains: 'Search my notes' }, replies: [{ tool: 'notes.search', arguments: { query: 'Welcome' } }, { answer: '{{lastToolResult}}' }] }],
};

const TASKS = file(
  'tasks.yaml',
  `settings: { runs: 2 }
tasks:
  - id: dotted
    prompt: "Search my notes for Welcome"
    expect:
      toolCalls: [{ name: notes.search, arguments: { subset: { query: Welcome } } }]
      answer: { contains: 'notes.search found "Welcome"' }
`,
);

let model: ScriptedModel;
beforeAll(async () => {
  model = await startScriptedModel({ script: SCRIPT as never });
});
afterAll(async () => {
  await model?.close();
});

describe('eval: tool names and schemas a provider refuses', () => {
  it('offers notes.search as notes_search, maps the calls back, and reports the tool it could not offer', async () => {
    const result = await runCli(
      [
        'eval',
        TASKS,
        '--model',
        'openai-compatible:scripted',
        '--base-url',
        model.openaiBaseUrl,
        '--format',
        'json',
        '-q',
        '--',
        process.execPath,
        fixture('eval-unusual-tools'),
      ],
      { timeoutMs: 60_000 },
    );
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as EvalReport;
    expect(report.tasks[0]).toMatchObject({ task: 'dotted', runs: 2, passes: 2 });

    // What the model was offered: the rewritten name, and not the tool with the refused schema.
    const offered = (model.requests()[0]!.body as { tools: Array<{ function: { name: string } }> }).tools.map((tool) => tool.function.name);
    expect(offered).toContain('notes_search');
    expect(offered).not.toContain('notes.search');
    expect(offered).not.toContain('pick_either');

    // The call, by the MCP name in the report, by the offered name as the model made it, and on the wire.
    const call = report.runs[0]!.turns[0]!.toolCalls[0]!;
    expect(call).toMatchObject({ name: 'notes.search', calledAs: 'notes_search', arguments: { query: 'Welcome' }, isError: false });
    expect(JSON.parse(call.frames![0]!.text)).toMatchObject({ method: 'tools/call', params: { name: 'notes.search' } });
    expect(report.confusion.every((cell) => cell.actual === 'notes.search')).toBe(true);

    const notConverted = report.findings.filter((finding) => finding.code === 'tool-not-converted');
    expect(notConverted.map((finding) => finding.tool)).toEqual(['pick_either']);
    expect(notConverted[0]!.message).toMatch(/anyOf/);
  }, 90_000);
});
