/** `runEval` from the library, as a user's own test suite would call it: no CLI, same runs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTasksFile, runEval, type ScriptedModel, startScriptedModel } from '../../src/index.js';
import { NOTES_SERVER } from '../helpers/paths.js';

let model: ScriptedModel;
beforeAll(async () => {
  model = await startScriptedModel({ lexical: true });
});
afterAll(async () => {
  await model?.close();
});

describe('runEval', () => {
  it('runs a suite against a stdio server and gives the report', async () => {
    const suite = parseTasksFile(
      `tasks:
  - id: search
    prompt: 'Search the notes for the query "groceries".'
    expect: { toolCalls: [{ name: search_notes, arguments: { subset: { query: groceries } } }] }
`,
      'inline.yaml',
    );
    const { report, cassette } = await runEval({
      suite,
      models: ['anthropic:lexical'],
      // anthropic: models reach the official API unless told otherwise, as the library reads it.
      env: { ANTHROPIC_BASE_URL: model.anthropicBaseUrl },
      target: { transport: 'stdio', command: process.execPath, args: [NOTES_SERVER] },
      targetLabel: 'notes',
      record: true,
    });
    expect(report.tasks[0]).toMatchObject({ task: 'search', model: 'anthropic:lexical', runs: 5, passes: 5, meetsThreshold: true });
    expect(cassette?.runs).toHaveLength(5);
    expect(cassette?.runs[0]?.tools[0]).toMatchObject({ name: 'search_notes', arguments: { query: 'groceries' } });
  }, 60_000);
});
