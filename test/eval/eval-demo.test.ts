/**
 * The README's demo: the deterministic lexical model, the example tasks and variants files, and a
 * clearer description of get_note moving its task from 0 of 5 to 5 of 5, a significant change.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModel, startScriptedModel } from '../../src/eval/scripted/server.js';
import type { EvalReport } from '../../src/eval/types.js';
import { NOTES_SERVER, ROOT } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';

const EXAMPLE = join(ROOT, 'examples/notes-server/eval');

let model: ScriptedModel;
beforeAll(async () => {
  model = await startScriptedModel({ lexical: true });
});
afterAll(async () => {
  await model?.close();
});

describe('the eval demo', () => {
  it('shows a description change moving a pass rate', async () => {
    const result = await runCli(
      [
        'eval',
        join(EXAMPLE, 'tasks.yaml'),
        '--variants',
        join(EXAMPLE, 'variants.yaml'),
        '--model',
        'openai-compatible:lexical',
        '--base-url',
        model.openaiBaseUrl,
        '--format',
        'json',
        '-q',
        '--',
        process.execPath,
        NOTES_SERVER,
      ],
      { timeoutMs: 60_000 },
    );
    expect(result.code, result.stderr).toBe(2);
    const report = JSON.parse(result.stdout) as EvalReport;
    const rate = (task: string, variant: string) => report.tasks.find((stats) => stats.task === task && stats.variant === variant)?.passes;
    expect([rate('search-groceries', 'current'), rate('search-groceries', 'show-by-id')]).toEqual([5, 5]);
    expect([rate('show-note', 'current'), rate('show-note', 'show-by-id')]).toEqual([0, 5]);
    // Newcombe's interval of 5/5 - 0/5 is 0.386 to 1: wholly above 0.
    const change = report.variantComparison?.find((row) => row.task === 'show-note');
    expect(change).toMatchObject({ verdict: 'better', difference: 1 });
    expect(change?.interval.low).toBeCloseTo(0.386, 2);
    expect(report.confusion).toContainEqual(expect.objectContaining({ variant: 'current', expected: 'get_note', actual: 'add_note', count: 5 }));
  }, 90_000);
});
