/**
 * The two tools that may run as tasks (tasks.ts): definitions and implementations. Both only read.
 * `execution.taskSupport` is 2025-11-25 only; other revisions' tools/list leave it out.
 */
import type { Json } from './protocol.js';
import type { Note } from './store.js';

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

export const TASK_TOOLS: Json[] = [
  {
    name: 'count_words',
    title: 'Count words',
    description: 'Counts the words of all notes (or of those with a tag). May run as a task.',
    inputSchema: { type: 'object', properties: { tag: { type: 'string', description: 'Only notes with this tag, e.g. work' } }, additionalProperties: false },
    annotations: READ_ONLY,
    execution: { taskSupport: 'optional' },
  },
  {
    name: 'build_index',
    title: 'Build index',
    description: 'Builds a word index of all notes: which notes use each word. A long job: runs only as a task.',
    inputSchema: {
      type: 'object',
      properties: { minLength: { type: 'integer', minimum: 1, maximum: 20, description: 'Shortest word to index (default 3)' } },
      additionalProperties: false,
    },
    annotations: READ_ONLY,
    execution: { taskSupport: 'required' },
  },
];

const words = (note: Note): string[] => `${note.title} ${note.body}`.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const text = (value: string): Json => ({ type: 'text', text: value });

export function countWords(notes: Note[], args: Json): Json {
  const chosen = typeof args.tag === 'string' ? notes.filter((note) => note.tags.includes(args.tag as string)) : notes;
  const total = chosen.reduce((sum, note) => sum + words(note).length, 0);
  return { content: [text(`${total} words in ${chosen.length} note(s)`)] };
}

export function buildIndex(notes: Note[], args: Json): Json {
  const minLength = typeof args.minLength === 'number' ? args.minLength : 3;
  const index = new Map<string, Set<string>>();
  for (const note of notes) {
    for (const word of words(note)) if (word.length >= minLength) index.set(word, (index.get(word) ?? new Set()).add(note.id));
  }
  const lines = [...index.keys()].sort().map((word) => `${word}: ${[...index.get(word)!].join(', ')}`);
  return { content: [text(lines.join('\n') || '(no words)')] };
}
