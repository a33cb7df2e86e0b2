/** Unit tests of the argument source: the miner, the schema examples, and the candidates built from them. */
import { describe, expect, it } from 'vitest';
import { argumentCandidates, describeSources, nameScore } from '../../src/check/arguments/candidates.js';
import { schemaExamples } from '../../src/check/arguments/examples.js';
import { mineResult } from '../../src/check/arguments/mine.js';

describe('mineResult', () => {
  it('finds ids in structuredContent, with the path they came from', () => {
    const values = mineResult(
      'tools/call',
      { name: 'list_notes' },
      { structuredContent: { notes: [{ id: 'n1', title: 'Welcome' }] } },
      'tools/call list_notes',
    );
    expect(values).toContainEqual({ key: 'id', value: 'n1', from: 'tools/call list_notes result.structuredContent.notes[0].id' });
    expect(values).toContainEqual({ key: 'title', value: 'Welcome', from: 'tools/call list_notes result.structuredContent.notes[0].title' });
  });
  it('reads JSON in text content, and the leading key of "id: title" lines', () => {
    const json = mineResult('tools/call', {}, { content: [{ type: 'text', text: '{"id":"n4"}' }] }, 'tools/call add_note');
    expect(json).toContainEqual({ key: 'id', value: 'n4', from: 'tools/call add_note result.content[0].text (JSON).id' });
    const lines = mineResult('tools/call', {}, { content: [{ type: 'text', text: 'n1: Welcome\nn2: Groceries' }] }, 'tools/call list_notes');
    expect(lines.map((v) => v.value)).toEqual(['n1', 'n2']);
  });
  it('takes a URI and its last path segment as an id', () => {
    const values = mineResult('resources/list', {}, { resources: [{ uri: 'notes://notes/n3', name: 'note-n3' }] }, 'resources/list');
    expect(values).toContainEqual({ key: 'uri', value: 'notes://notes/n3', from: 'resources/list result.resources[0].uri' });
    expect(values).toContainEqual({ key: 'id', value: 'n3', from: 'resources/list result.resources[0].uri (last path segment)' });
  });
  it('gives completion values the name of the argument they complete', () => {
    const values = mineResult('completion/complete', { argument: { name: 'id', value: 'n' } }, { completion: { values: ['n1', 'n2'] } }, 'completion/complete');
    expect(values.map((v) => [v.key, v.value])).toEqual([
      ['id', 'n1'],
      ['id', 'n2'],
    ]);
  });
  it('skips protocol plumbing and stays bounded on a huge answer', () => {
    expect(mineResult('tools/call', {}, { _meta: { id: 'x' }, requestState: 'abc', nextCursor: 'c' }, 'x')).toEqual([]);
    const huge = { items: Array.from({ length: 100_000 }, (_, i) => ({ id: `i${i}` })) };
    expect(mineResult('tools/call', {}, huge, 'x').length).toBeLessThan(2000);
  });
});

describe('schemaExamples', () => {
  it('reads const, examples, default, enum and "e.g." in the description', () => {
    expect(schemaExamples({ type: 'string', description: 'Note id, e.g. n1' })).toEqual([{ value: 'n1', from: 'the description (“e.g. n1”)' }]);
    expect(schemaExamples({ type: 'integer', examples: [5], default: 10, enum: [5, 10] }).map((e) => e.value)).toEqual([5, 10, 5, 10]);
    expect(schemaExamples({ type: 'integer', description: 'How many, for example 20.' })[0]?.value).toBe(20);
  });
});

describe('argumentCandidates', () => {
  const schema = { type: 'object', properties: { id: { type: 'string', description: 'e.g. n1' } }, required: ['id'], additionalProperties: false };
  it('tries mined values first, then examples, then made-up ones, saying where each came from', () => {
    const built = argumentCandidates(schema, [{ key: 'id', value: 'n4', from: 'tools/call add_note result.structuredContent.id' }]);
    expect(built.candidates?.map((c) => c.args)).toEqual([{ id: 'n4' }, { id: 'n1' }, { id: 'example' }]);
    expect(describeSources(built.candidates![0]!)).toBe('id ← tools/call add_note result.structuredContent.id');
  });
  it('keeps only values the schema accepts', () => {
    const strict = { type: 'object', properties: { id: { type: 'string', pattern: '^n[0-9]+$' } }, required: ['id'] };
    const built = argumentCandidates(strict, [
      { key: 'id', value: 'https://x', from: 'a' },
      { key: 'id', value: 'n2', from: 'b' },
    ]);
    expect(built.candidates?.map((c) => c.args)).toEqual([{ id: 'n2' }]);
  });
  it('offers {} for a tool without required arguments, and says why when nothing fits', () => {
    expect(argumentCandidates({ type: 'object' }, []).candidates).toEqual([{ args: {}, sources: {} }]);
    expect(argumentCandidates({ type: 'object', properties: { x: { type: 'string', format: 'ipv6' } }, required: ['x'] }, []).reason).toContain('format ipv6');
  });
  it('matches names loosely: noteId takes an id, tag takes tags', () => {
    expect(nameScore('id', 'id')).toBe(3);
    expect(nameScore('tag', 'tags')).toBe(2);
    expect(nameScore('noteId', 'id')).toBe(1);
    expect(nameScore('query', 'id')).toBe(0);
  });
});
