/** `eval --shard i/n` with the scripted model: each shard runs its tasks (round-robin over sorted ids) and says which shard it is. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModel, startScriptedModel } from '../../src/eval/scripted/server.js';
import type { EvalReport } from '../../src/eval/types.js';
import { NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpvet-shard-eval-'));
const TASKS = join(dir, 'tasks.yaml');
writeFileSync(
  TASKS,
  `tasks:
  - id: read-welcome
    prompt: "What does the note n1 say?"
    expect: { toolCalls: [{ name: get_note }] }
  - id: list-all
    prompt: "List all my notes, please."
    expect: { toolCalls: [{ name: list_notes }] }
  - id: count-words
    prompt: "How many words are in note n1?"
    expect: { toolCalls: [{ name: count_words }] }
`,
);
const SCRIPT = {
  rules: [
    { match: { contains: 'note n1 say' }, replies: [{ tool: 'get_note', arguments: { id: 'n1' } }, { answer: 'done' }] },
    { match: { contains: 'List all' }, replies: [{ tool: 'list_notes', arguments: {} }, { answer: 'done' }] },
    { match: { contains: 'How many words' }, replies: [{ tool: 'count_words', arguments: { id: 'n1' } }, { answer: 'done' }] },
  ],
};

let model: ScriptedModel;
beforeAll(async () => {
  model = await startScriptedModel({ script: SCRIPT as never });
});
afterAll(async () => {
  await model?.close();
});

const evalShard = (shard: string) =>
  runCli(
    [
      'eval',
      TASKS,
      '--model',
      'openai-compatible:scripted',
      '--base-url',
      model.openaiBaseUrl,
      '--runs',
      '1',
      '--shard',
      shard,
      '--format',
      'json',
      '-q',
      '--',
      process.execPath,
      NOTES_SERVER,
    ],
    { timeoutMs: 50_000 },
  );

describe('eval --shard', () => {
  it('splits the tasks by sorted id, every task in one shard, and each report names its shard', async () => {
    const results = await Promise.all(['1/2', '2/2'].map(evalShard));
    const reports = results.map((result) => {
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(result.stdout) as EvalReport;
    });
    // Sorted ids: count-words, list-all, read-welcome; round-robin: 1, 2, 1.
    expect(reports.map((report) => report.tasks.map((task) => task.task).sort())).toEqual([['count-words', 'read-welcome'], ['list-all']]);
    expect(reports.map((report) => report.shard)).toEqual([
      { index: 1, total: 2 },
      { index: 2, total: 2 },
    ]);
    // The shards' JSON on stdout, saved as files, merge back into the three tasks.
    const files = results.map((result, i) => {
      const path = join(dir, `shard-${i + 1}.json`);
      writeFileSync(path, result.stdout);
      return path;
    });
    const merged = await runCli(['report', 'merge', ...files, '-o', join(dir, 'merged'), '--format', 'json']);
    expect(merged.code, merged.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'merged', 'report.json'), 'utf8')) as EvalReport;
    expect(report.tasks.map((task) => task.task).sort()).toEqual(['count-words', 'list-all', 'read-welcome']);
  }, 60_000);

  it('a shard with no task is one usage line, exit 1', async () => {
    const result = await evalShard('4/4');
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('no task falls in this shard');
  });
});
