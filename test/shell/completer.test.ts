/** What Tab offers for a line, from the lists a server returned; and how a line splits into words. */
import { describe, expect, it } from 'vitest';
import { completeLine, type CompletionSource } from '../../src/shell/completer.js';
import { splitWords } from '../../src/shell/words.js';

const LISTS: Record<string, Record<string, unknown>[]> = {
  'tools/list': [
    {
      name: 'export_notes',
      inputSchema: {
        type: 'object',
        properties: { format: { type: 'string', enum: ['json', 'markdown'] }, all: { type: 'boolean' }, workspace: { type: 'string' } },
      },
    },
    { name: 'echo', inputSchema: { type: 'object' } },
    { name: 'evil\u001b]0;owned\u0007', inputSchema: { type: 'object' } },
    { name: 'e two words' },
  ],
  'prompts/list': [{ name: 'summarize_note', arguments: [{ name: 'id' }, { name: 'style' }] }],
  'resources/list': [{ uri: 'notes://notes/n1' }, { uri: 'notes://readme' }],
  'resources/templates/list': [{ uriTemplate: 'notes://notes/{id}' }],
};
const source: CompletionSource = { commands: ['call', 'complete', 'tools', 'exit'], list: async (method) => LISTS[method] ?? [] };

describe('completeLine', () => {
  it.each([
    ['c', [['call ', 'complete '], 'c']],
    ['call e', [['echo ', 'export_notes '], 'e']],
    ['call export_notes ', [['all=', 'format=', 'workspace='], '']],
    ['call export_notes format=json w', [['workspace='], 'w']],
    ['call export_notes format=json ', [['all=', 'workspace='], '']],
    ['call export_notes format=m', [['format=markdown'], 'format=m']],
    ['call export_notes all=', [['all=true', 'all=false'], 'all=']],
    ['call nothing_like_it ', [[], '']],
    ['prompt summarize_note s', [['style='], 's']],
    ['read notes://n', [['notes://notes/n1'], 'notes://n']],
    ['complete ', [['prompt:summarize_note ', 'resource:notes://notes/{id} '], '']],
    ['complete resource:notes://notes/{id} ', [['id '], '']],
    ['frobnicate x', [[], 'x']],
  ])('%j', async (line, expected) => {
    expect(await completeLine(line, source)).toEqual(expected);
  });
});

describe('splitWords', () => {
  it.each([
    ['call add_note title="a b" body=\'c "d"\'', ['call', 'add_note', 'title=a b', 'body=c "d"']],
    ['  read   notes://x  ', ['read', 'notes://x']],
    ['call x a=\\"q\\"', ['call', 'x', 'a="q"']],
    ['call x a=""', ['call', 'x', 'a=']],
  ])('%j', (line, words) => {
    expect(splitWords(line)).toEqual(words);
  });

  it('an unterminated quote is an error', () => {
    expect(() => splitWords('call x a="b')).toThrow('unterminated " quote');
  });
});
