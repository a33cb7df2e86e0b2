/**
 * `mcpvet eval` end to end as a user runs it: the real CLI, the example server as a real process
 * over stdio and HTTP, and the scripted model as a real HTTP server reached through the AI SDK's
 * OpenAI-compatible and Anthropic providers. Pass rates and intervals are checked against values
 * computed by hand.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModel, startScriptedModel } from '../../src/eval/scripted/server.js';
import type { EvalReport } from '../../src/eval/types.js';
import { exampleHttpServer } from '../helpers/check.js';
import { NOTES_SERVER } from '../helpers/paths.js';
import { tempFiles } from '../helpers/temp-files.js';
import { runCli } from '../helpers/run.js';

const { dir, file } = tempFiles('mcpvet-eval');

const TASKS = file(
  'tasks.yaml',
  `settings:
  concurrency: 2
tasks:
  - id: read-welcome
    prompt: "What does the note n1 say?"
    expect:
      toolCalls:
        - name: get_note
          arguments: { subset: { id: n1 } }
      answer: { contains: "notes server" }
  - id: list-all
    prompt: "List all my notes, please (flaky)."
    expect:
      toolCalls:
        - name: list_notes
`,
);

// Four conversations of list-all get the outcomes in turn: two right, one wrong tool, one no call.
const SCRIPT = {
  rules: [
    { match: { contains: 'note n1' }, replies: [{ tool: 'get_note', arguments: { id: 'n1' } }, { answer: 'It says: {{lastToolResult}}' }] },
    {
      match: { contains: 'List all my notes' },
      outcomes: [
        [{ tool: 'list_notes', arguments: {} }, { answer: 'n1, n2, n3' }],
        [{ tool: 'list_notes', arguments: {} }, { answer: 'n1, n2, n3' }],
        [{ tool: 'search_notes', arguments: { query: 'notes' } }, { answer: 'some notes' }],
        [{ answer: 'You have notes.' }],
      ],
    },
  ],
};

let model: ScriptedModel;
beforeAll(async () => {
  model = await startScriptedModel({ script: SCRIPT as never });
});
afterAll(async () => {
  await model?.close();
});

const httpUrl = exampleHttpServer();

function parseReport(stdout: string): EvalReport {
  return JSON.parse(stdout) as EvalReport;
}

function expectHandComputed(report: EvalReport, model: string): void {
  const read = report.tasks.find((task) => task.task === 'read-welcome' && task.model === model)!;
  const list = report.tasks.find((task) => task.task === 'list-all' && task.model === model)!;
  expect(read.passRate).toBe(1);
  // Wilson 95 % for 4/4: low = 4 / (4 + z²) = 0.5101.
  expect(read.interval.low).toBeCloseTo(0.5101, 4);
  expect(list.runs).toBe(4);
  expect(list.passes).toBe(2);
  // Wilson 95 % for 2/4: 0.1500 to 0.8500.
  expect(list.interval.low).toBeCloseTo(0.15, 4);
  expect(list.interval.high).toBeCloseTo(0.85, 4);
  // pass@3 of 2/4 = 1 - C(2,3)/C(4,3) = 1; pass^3 = C(2,3)/C(4,3) = 0.
  expect(list.passAtK).toBe(1);
  expect(list.passHatK).toBe(0);
  const confused = report.confusion.filter((cell) => cell.model === model && cell.expected === 'list_notes');
  expect(confused).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ actual: 'list_notes', count: 2 }),
      expect.objectContaining({ actual: 'search_notes', count: 1 }),
      expect.objectContaining({ actual: '(none)', count: 1 }),
    ]),
  );
}

describe('mcpvet eval, end to end', () => {
  it('runs the suite over stdio through the OpenAI-compatible protocol', async () => {
    const spec = 'openai-compatible:scripted';
    const result = await runCli(
      ['eval', TASKS, '--model', spec, '--base-url', model.openaiBaseUrl, '--runs', '4', '--format', 'json', '-q', '--', process.execPath, NOTES_SERVER],
      {
        timeoutMs: 60_000,
      },
    );
    // list-all is under the 0.8 threshold: exit 2, as CI wants.
    expect(result.code, result.stderr).toBe(2);
    const report = parseReport(result.stdout);
    expectHandComputed(report, spec);
    const run = report.runs.find((candidate) => candidate.task === 'read-welcome')!;
    expect(run.answer).toContain('This is the notes server of mcpvet.');
    expect(run.turns[0]?.toolCalls[0]).toMatchObject({ name: 'get_note', arguments: { id: 'n1' }, isError: false });
    expect(run.inputTokens).toBeGreaterThan(0);
  }, 90_000);

  it('runs the suite over HTTP through the Anthropic protocol', async () => {
    const spec = 'anthropic:scripted';
    const result = await runCli(
      ['eval', TASKS, '--model', spec, '--runs', '4', '--format', 'json', '-q', '--url', httpUrl()],
      // The Anthropic library's own variable: anthropic: models go to its official API otherwise.
      { timeoutMs: 60_000, env: { ANTHROPIC_BASE_URL: model.anthropicBaseUrl } },
    );
    expect(result.code, result.stderr).toBe(2);
    const report = parseReport(result.stdout);
    expectHandComputed(report, spec);
    // The transcript holds the HTTP exchange of each call: the POSTed request and its answer.
    const frames = report.runs.find((run) => run.task === 'read-welcome')!.turns[0]!.toolCalls[0]!.frames!;
    const request = JSON.parse(frames[0]!.text) as { id: unknown; method: string };
    expect(frames[0]).toMatchObject({ direction: 'send', http: { method: 'POST' } });
    expect(request.method).toBe('tools/call');
    expect(
      frames.some((frame) => frame.direction === 'receive' && frame.http?.status === 200 && frame.text.includes(`"id":${JSON.stringify(request.id)}`)),
    ).toBe(true);
  }, 90_000);

  it('runs several models as a matrix, with a console summary', async () => {
    const result = await runCli(
      [
        'eval',
        TASKS,
        '--model',
        'openai-compatible:scripted',
        '--model',
        'anthropic:scripted',
        '--base-url',
        model.openaiBaseUrl,
        '--base-url',
        `anthropic:scripted=${model.anthropicBaseUrl}`,
        '--runs',
        '2',
        '--no-color',
        '--',
        process.execPath,
        NOTES_SERVER,
      ],
      { timeoutMs: 60_000 },
    );
    // list-all's outcomes cycle across tests, so it may or may not reach the threshold here.
    expect([0, 2], result.stderr).toContain(result.code);
    expect(result.stdout).toContain('read-welcome');
    expect(result.stdout).toContain('openai-compatible:scripted');
    expect(result.stdout).toContain('anthropic:scripted');
    // Live progress went to stderr.
    expect(result.stderr).toMatch(/^mcpvet eval: 4\/4 tasks, 8\/8 runs, pass rate so far \d+%(?: \(lowest: \S+ @ \S+ \d\/\d\))?, [\d.k]+ tokens$/m);
    // A task that failed a run is named, with its model (two run here).
    if (/pass rate so far (?!100%)/.test(result.stderr)) expect(result.stderr).toMatch(/\(lowest: [\w-]+ @ (openai-compatible|anthropic):scripted \d\/\d\)/);
  }, 90_000);
});

describe('a saved run', () => {
  it('replays offline and gives the same report', async () => {
    const saved = join(dir, 'run.json');
    const first = await runCli(
      [
        'eval',
        TASKS,
        '--model',
        'openai-compatible:scripted',
        '--base-url',
        model.openaiBaseUrl,
        '--runs',
        '4',
        '--format',
        'json',
        '-q',
        '--save',
        saved,
        '--',
        process.execPath,
        NOTES_SERVER,
      ],
      {
        timeoutMs: 60_000,
      },
    );
    expect(first.code, first.stderr).toBe(2);
    const requestsBefore = model.requests().length;
    const replayed = await runCli(['eval', TASKS, '--replay', saved, '--format', 'json', '-q'], { timeoutMs: 60_000 });
    expect(replayed.code, replayed.stderr).toBe(2);
    expect(model.requests().length).toBe(requestsBefore);
    const a = parseReport(first.stdout);
    const b = parseReport(replayed.stdout);
    expect(b.replayed).toBe(true);
    const same = (report: EvalReport) => ({ ...report, startedAt: '', durationMs: 0, replayed: false });
    expect(same(b)).toEqual(same(a));
    // The saved file holds no request (and so no key), only replies and tool results.
    expect(readFileSync(saved, 'utf8')).not.toMatch(/authorization/i);

    // A recording that no longer fits the run (here: its tool results belong to another tool) is refused.
    const tampered = join(dir, 'tampered.json');
    const cassette = JSON.parse(readFileSync(saved, 'utf8')) as { runs: Array<{ tools: Array<{ name: string }> }> };
    for (const run of cassette.runs) for (const exchange of run.tools) if (exchange.name === 'get_note') exchange.name = 'add_note';
    writeFileSync(tampered, JSON.stringify(cassette));
    const diverged = await runCli(['eval', TASKS, '--replay', tampered, '--format', 'json', '-q'], { timeoutMs: 60_000 });
    expect(diverged.code).toBe(1);
    expect(diverged.stderr.trim()).toMatch(/^mcpvet: the replayed run called get_note, but the recording has add_note at call 1$/);
  }, 90_000);
});
