/**
 * A run's transcript in the JSON report, as a user reads it: the messages the model was sent and
 * each tool call's JSON-RPC frames, from a real run of the example server with the scripted model;
 * bounded, and masked like the rest of the report. The HTML page shows the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModel, startScriptedModel } from '../../src/eval/scripted/server.js';
import { MAX_FRAME_CHARS } from '../../src/eval/transcript.js';
import type { EvalReport } from '../../src/eval/types.js';
import { NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';
import { tempFiles } from '../helpers/temp-files.js';

const { dir, file } = tempFiles('mcpvet-eval-transcript');
const KEY = 'sk-transcript-Zq8w3LmV0pR7tY2u';
const BIG_BODY = 'x'.repeat(20_000);

const SCRIPT = {
  rules: [
    { match: { contains: 'note n1' }, replies: [{ tool: 'get_note', arguments: { id: 'n1' } }, { answer: 'It says: {{lastToolResult}}' }] },
    { match: { contains: 'long note' }, replies: [{ tool: 'add_note', arguments: { title: `key ${KEY}`, body: BIG_BODY } }, { answer: 'Added.' }] },
  ],
};

const TASKS = file(
  'tasks.yaml',
  `settings: { runs: 1, systemPrompt: "You manage notes." }
tasks:
  - { id: read, prompt: "What does the note n1 say?", expect: { toolCalls: [{ name: get_note }] } }
  - { id: long, prompt: "Add a long note; my key is ${KEY}", expect: { toolCalls: [{ name: add_note }] } }
`,
);

let model: ScriptedModel;
beforeAll(async () => {
  model = await startScriptedModel({ script: SCRIPT as never });
});
afterAll(async () => {
  await model?.close();
});

describe('eval transcripts', () => {
  it('keep the messages sent and the tools/call frames, bounded and masked, in JSON and HTML', async () => {
    const out = join(dir, 'out');
    const result = await runCli(
      [
        'eval',
        TASKS,
        '--model',
        'openai-compatible:scripted',
        '--base-url',
        model.openaiBaseUrl,
        '--format',
        'json,html',
        '-o',
        out,
        '-q',
        '--',
        process.execPath,
        NOTES_SERVER,
      ],
      { timeoutMs: 60_000, env: { OPENAI_COMPATIBLE_API_KEY: KEY } },
    );
    expect(result.code, result.stderr).toBe(0);
    const json = readFileSync(join(out, 'report.json'), 'utf8');
    const report = JSON.parse(json) as EvalReport;
    const read = report.runs.find((run) => run.task === 'read')!;

    // The conversation: system prompt and task as sent, the model's call, the tool result as sent, its answer.
    expect(read.messages?.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(read.messages?.[0]?.content).toBe('You manage notes.');
    expect(read.messages?.[1]?.content).toBe('What does the note n1 say?');
    expect(read.messages?.[2]?.content).toEqual([expect.objectContaining({ type: 'tool-call', toolName: 'get_note', input: { id: 'n1' } })]);
    const toolMessage = JSON.stringify(read.messages?.[3]?.content);
    expect(toolMessage).toContain('tool-result');
    expect(toolMessage).toContain('This is the notes server of mcpvet.');

    // The tools/call request and its response, with the same JSON-RPC id, as they crossed stdio.
    const call = read.turns[0]!.toolCalls[0]!;
    expect(call.frames?.map((frame) => frame.direction)).toEqual(['send', 'receive']);
    const [request, response] = call.frames!.map(
      (frame) => JSON.parse(frame.text) as { id: unknown; method?: string; params?: { name?: string }; result?: unknown },
    );
    expect(request).toMatchObject({ method: 'tools/call', params: { name: 'get_note', arguments: { id: 'n1' } } });
    expect(response!.id).toBe(request!.id);
    expect(JSON.stringify(response!.result)).toContain('This is the notes server of mcpvet.');
    expect(call.frames![1]!.at).toBeGreaterThanOrEqual(0);

    // A frame over the cap keeps its head and says how much was cut; the key is masked everywhere.
    const long = report.runs.find((run) => run.task === 'long')!;
    const sent = long.turns[0]!.toolCalls[0]!.frames![0]!;
    // (Masking the key after the cut shortens the head a little.)
    expect(sent.text.length).toBeLessThanOrEqual(MAX_FRAME_CHARS);
    expect(sent.text.length).toBeGreaterThan(MAX_FRAME_CHARS - 100);
    expect(sent.cut).toBeGreaterThan(20_000 - MAX_FRAME_CHARS);
    expect(json).not.toContain(KEY);
    expect(JSON.stringify(long.messages)).toContain('REDACTED');

    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('Messages sent to the model');
    expect(html).toContain('MCP frames');
    expect(html).toContain('&quot;method&quot;:&quot;tools/call&quot;');
    expect(html).not.toContain(KEY);
  }, 90_000);
});
