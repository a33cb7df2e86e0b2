// What the poisoning checks read of a tool, a prompt, a resource and a result, with JSON pointers; bounded on hostile shapes.
import { describe, expect, it } from 'vitest';
import { promptTexts, resourceTexts, resultTexts, toolTexts } from '../../src/scan/poison-texts.js';

const pointers = (texts: { pointer: string; kind: string }[]) => texts.map((t) => `${t.kind} ${t.pointer}`);

describe('served texts', () => {
  it('reads a tool: name, title, description, annotations title, and every description and title in its schemas', () => {
    const tool = {
      name: 'add_note',
      title: 'Add note',
      description: 'Adds a note.',
      annotations: { title: 'Add' },
      inputSchema: {
        type: 'object',
        properties: { 'a/b': { type: 'string', description: 'slash' }, tags: { type: 'array', items: { title: 'Tag', type: 'string' } } },
      },
      outputSchema: { type: 'object', description: 'The note' },
    };
    expect(pointers(toolTexts(tool))).toEqual([
      'name /name',
      'description /title',
      'description /description',
      'description /annotations/title',
      'description /inputSchema/properties/a~1b/description',
      'description /inputSchema/properties/tags/items/title',
      'description /outputSchema/description',
    ]);
  });

  it('reads prompts with their arguments, and resources (whose names are labels, not identifiers)', () => {
    expect(pointers(promptTexts({ name: 'p', description: 'd', arguments: [{ name: 'id', description: 'Id' }] }))).toEqual([
      'name /name',
      'description /description',
      'name /arguments/0/name',
      'description /arguments/0/description',
    ]);
    expect(pointers(resourceTexts({ uri: 'file:///a', name: 'résumé 日本.txt', description: 'A file' }))).toEqual([
      'description /name',
      'description /description',
    ]);
  });

  it('reads a result: text blocks, resource links, embedded text, structuredContent strings; and an error', () => {
    const result = {
      content: [
        { type: 'text', text: 'hello' },
        { type: 'resource_link', uri: 'file:///a', name: 'a', description: 'link' },
        { type: 'resource', resource: { uri: 'file:///b', text: 'embedded' } },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      ],
      structuredContent: { items: [{ title: 't' }], count: 1 },
    };
    expect(pointers(resultTexts({ result }))).toEqual([
      'text /content/0/text',
      'text /content/1/name',
      'text /content/1/description',
      'text /content/2/resource/text',
      'text /structuredContent/items/0/title',
    ]);
    expect(pointers(resultTexts({ error: { message: 'No note', data: { hint: 'try n1' } } }))).toEqual(['text /error/message', 'text /error/data/hint']);
  });

  it('stops at a depth and a node count whatever the schema', () => {
    let deep: Record<string, unknown> = { description: 'bottom' };
    for (let i = 0; i < 10_000; i++) deep = { items: deep };
    expect(toolTexts({ name: 'x', inputSchema: deep })).toHaveLength(1);
    const wide = { properties: Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`p${i}`, { description: 'd' }])) };
    expect(toolTexts({ name: 'x', inputSchema: wide }).length).toBeLessThan(5_000);
  });
});
