/**
 * `mcpvet report merge` of `eval --shard i/n` reports, with the scripted model and the example
 * server over stdio: the merged run has the unsharded run's tasks, pass rates, intervals, overall
 * metrics, confusion cells, findings and tool costs (timings aside).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModel, startScriptedModel } from '../../src/eval/scripted/server.js';
import type { EvalReport } from '../../src/eval/types.js';
import { NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpvet-merge-eval-'));
const TASKS = join(dir, 'tasks.yaml');
writeFileSync(
  TASKS,
  `tasks:
  - id: read-welcome
    prompt: "What does the note n1 say?"
    expect: { toolCalls: [{ name: get_note }], answer: { contains: "notes server" } }
  - id: list-all
    prompt: "List all my notes, please."
    expect: { toolCalls: [{ name: list_notes }] }
  - id: wrong-tool
    prompt: "Find my notes about mcp."
    expect: { toolCalls: [{ name: search_notes }] }
  - id: held
    holdout: true
    prompt: "How many words are in note n1?"
    expect: { toolCalls: [{ name: count_words }] }
`,
);
// Deterministic replies (the same in any shard): wrong-tool calls the wrong tool, so it fails.
const SCRIPT = {
  rules: [
    { match: { contains: 'note n1 say' }, replies: [{ tool: 'get_note', arguments: { id: 'n1' } }, { answer: 'It says: {{lastToolResult}}' }] },
    { match: { contains: 'List all' }, replies: [{ tool: 'list_notes', arguments: {} }, { answer: 'n1, n2' }] },
    { match: { contains: 'about mcp' }, replies: [{ tool: 'list_notes', arguments: {} }, { answer: 'some' }] },
    { match: { contains: 'How many words' }, replies: [{ tool: 'count_words', arguments: { id: 'n1' } }, { answer: '7' }] },
  ],
};

let model: ScriptedModel;
beforeAll(async () => {
  model = await startScriptedModel({ script: SCRIPT as never });
});
afterAll(async () => {
  await model?.close();
});

const TIMINGS = new Set(['wallMs', 'modelMs', 'mcpMs', 'toolCallMs', 'startedAt', 'durationMs']);
/** The report without timings, and with arrays whose order follows the run's schedule sorted. */
function decided(report: EvalReport) {
  const strip = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(strip)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([key]) => !TIMINGS.has(key))
              .map(([key, inner]) => [key, strip(inner)]),
          )
        : value;
  const sorted = <T>(items: T[]) => items.map((item) => JSON.stringify(strip(item))).sort();
  return {
    tasks: sorted(report.tasks),
    overall: sorted(report.overall),
    confusion: sorted(report.confusion),
    findings: sorted(report.findings),
    tools: sorted(report.tools),
    runs: report.runs.map((run) => `${run.task}:${run.model}:${run.passed}`).sort(),
    runsSaved: report.runsSaved,
    tokensSaved: report.tokensSaved,
  };
}

const evalRun = (out: string, shard: string[] = []) =>
  runCli(
    [
      'eval',
      TASKS,
      '--model',
      'openai-compatible:scripted',
      '--base-url',
      model.openaiBaseUrl,
      '--runs',
      '2',
      ...shard,
      '--format',
      'json',
      '-o',
      `${out}/`,
      '-q',
      '--',
      process.execPath,
      NOTES_SERVER,
    ],
    { timeoutMs: 50_000 },
  );

describe('mcpvet report merge (eval)', () => {
  it('the merge of 2 shards equals the unsharded run', async () => {
    const [whole, ...shards] = await Promise.all([
      evalRun(join(dir, 'whole')),
      evalRun(join(dir, 'shards', '1'), ['--shard', '1/2']),
      evalRun(join(dir, 'shards', '2'), ['--shard', '2/2']),
    ]);
    // wrong-tool fails its threshold: exit 2 where it runs.
    expect(whole?.code, whole?.stderr).toBe(2);
    expect(shards.map((shard) => shard.code).sort()).toEqual([0, 2]);
    const merged = await runCli(['report', 'merge', join(dir, 'shards'), '-o', join(dir, 'merged'), '--format', 'json,markdown,junit']);
    expect(merged.code, merged.stderr).toBe(2);
    const expected = JSON.parse(readFileSync(join(dir, 'whole', 'report.json'), 'utf8')) as EvalReport;
    const actual = JSON.parse(readFileSync(join(dir, 'merged', 'report.json'), 'utf8')) as EvalReport;
    expect(decided(actual)).toEqual(decided(expected));
    expect(actual.tasks.length).toBe(4);
    expect(actual.shard).toBeUndefined();
    expect(readFileSync(join(dir, 'merged', 'report.md'), 'utf8')).toContain('wrong-tool');
  }, 60_000);
});
