import { describe, expect, it } from 'vitest';
import { starterTasksFile } from '../../src/eval/init.js';
import { parseTasksFile } from '../../src/eval/tasks-file.js';

const tools = [
  {
    name: 'delete_note',
    description: 'Deletes a note.',
    inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    annotations: { destructiveHint: true },
  },
  { name: 'list_notes', description: 'Lists all notes. Paged.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
  {
    name: 'search',
    inputSchema: {
      type: 'object',
      properties: {
        mode: { type: 'string', enum: ['fast', 'deep'] },
        limit: { type: 'integer', minimum: 5 },
        exact: { type: 'boolean' },
        tags: { type: 'array' },
        filter: { type: 'object' },
        score: { type: ['null', 'number'] },
        kind: { const: 'note' },
        untyped: {},
      },
      required: ['mode', 'limit', 'exact', 'tags', 'filter', 'score', 'kind', 'untyped', 'undeclared'],
    },
  },
];

/** The file with every commented task uncommented (the per-tool comment lines stay comments). */
const uncommented = (text: string) => text.replace(/^ {2}# (?=- | {2})/gm, '  ');

describe('starterTasksFile', () => {
  it('is valid as written, with one example task for a read-only tool that needs no arguments', () => {
    const suite = parseTasksFile(starterTasksFile(tools, { server: 'notes' }));
    expect(suite.tasks).toEqual([
      { id: 'example-list-notes', prompt: 'Lists all notes.', tags: [], holdout: false, expect: { toolCalls: [{ name: 'list_notes' }] } },
    ]);
    expect(suite.settings).toMatchObject({ runs: 5, maxTurns: 10, timeoutMs: 60_000, toolTimeoutMs: 30_000, concurrency: 4, threshold: 0.8, k: 3 });
  });

  it('has a commented task per tool that is valid once uncommented, with required arguments as placeholders by type', () => {
    const suite = parseTasksFile(uncommented(starterTasksFile(tools)));
    expect(suite.tasks.map((task) => task.id)).toEqual(['example-list-notes', 'delete-note', 'list-notes', 'search']);
    expect(suite.tasks[1]?.expect.toolCalls).toEqual([{ name: 'delete_note', arguments: { subset: { id: 'TODO' } } }]);
    expect(suite.tasks[2]?.expect.toolCalls).toEqual([{ name: 'list_notes' }]);
    expect(suite.tasks[3]?.expect.toolCalls?.[0]?.arguments?.subset).toEqual({
      mode: 'fast',
      limit: 5,
      exact: true,
      tags: [],
      filter: {},
      score: 1,
      kind: 'note',
      untyped: 'TODO',
      undeclared: 'TODO',
    });
    expect(suite.tasks[1]?.prompt).toBe("TODO: ask, in a user's words, for something that needs this: Deletes a note.");
    expect(suite.tasks[3]?.prompt).toBe("TODO: ask, in a user's words, for something that needs search");
  });

  it('names the tool and its description in a comment above its task', () => {
    const text = starterTasksFile(tools);
    expect(text).toContain('  # delete_note: Deletes a note.\n  # - id: delete-note\n');
    expect(text).toContain('  # search (no description)\n');
  });

  it('server text cannot add lines to the file: descriptions and names are escaped', () => {
    const hostile = [
      { name: 'evil', description: 'Fine.\n  - id: injected\n    prompt: x\n    expect: { maxCalls: 0 }\r\u2028\u001b[2J', inputSchema: { type: 'object' } },
      { name: 'odd name: "#1"\n- id: x', description: 'x', inputSchema: { type: 'object' } },
    ];
    const text = starterTasksFile(hostile, { server: 'bad\nserver' });
    const suite = parseTasksFile(text);
    expect(suite.tasks.map((task) => task.id)).toEqual(['example-evil']);
    expect(text).not.toContain('\u001b');
    const all = parseTasksFile(uncommented(text));
    expect(all.tasks.map((task) => task.id)).toEqual(['example-evil', 'evil', 'odd-name-1-id-x']);
    expect(all.tasks[2]?.expect.toolCalls?.[0]?.name).toBe('odd name: "#1"\n- id: x');
  });

  it('ids stay unique when tool names make the same id; tools without a name are skipped', () => {
    const text = starterTasksFile([{ name: 'a_b' }, { name: 'a-b' }, { description: 'no name' }, 'junk']);
    expect(parseTasksFile(uncommented(text)).tasks.map((task) => task.id)).toEqual(['example-a-b', 'a-b', 'a-b-2']);
  });

  it('a server without tools gets no file', () => {
    expect(() => starterTasksFile([])).toThrow('the server lists no tools: there is nothing to evaluate');
  });
});
