import { describe, expect, it } from 'vitest';
import { evaluateJsonPath, parseJsonPath } from '../../src/eval/json-path.js';

const find = (path: string, value: unknown): unknown[] => {
  const parsed = parseJsonPath(path);
  if (!parsed.ok) throw new Error(parsed.error);
  return evaluateJsonPath(parsed.steps, value);
};

const doc = { items: [{ name: 'a', 'content-type': 'x' }, { name: 'b' }], count: 2, 'odd.key': true };

describe('the JSONPath subset', () => {
  it('$ is the whole value', () => {
    expect(find('$', doc)).toEqual([doc]);
  });

  it('.name, [0], [*] and quoted names', () => {
    expect(find('$.count', doc)).toEqual([2]);
    expect(find('$.items[1].name', doc)).toEqual(['b']);
    expect(find('$.items[*].name', doc)).toEqual(['a', 'b']);
    expect(find("$.items[0]['content-type']", doc)).toEqual(['x']);
    expect(find('$["odd.key"]', doc)).toEqual([true]);
    expect(find("$['it\\'s']", { "it's": 1 })).toEqual([1]);
  });

  it('[*] on an object gives its member values', () => {
    expect(find('$[*]', { a: 1, b: 2 })).toEqual([1, 2]);
  });

  it('a step that finds nothing drops its branch', () => {
    expect(find('$.missing', doc)).toEqual([]);
    expect(find('$.items[5]', doc)).toEqual([]);
    expect(find('$.count.name', doc)).toEqual([]);
    expect(find('$.items[*].missing', doc)).toEqual([]);
    expect(find('$.toString', {})).toEqual([]);
  });

  it('anything else is refused with where it went wrong', () => {
    expect(parseJsonPath('items')).toEqual({ ok: false, error: 'a path starts with $ (e.g. $.items[0].name)' });
    expect(parseJsonPath('$..name')).toMatchObject({ ok: false, error: expect.stringContaining('at "..name"') });
    expect(parseJsonPath('$.items[-1]')).toMatchObject({ ok: false, error: expect.stringContaining('[-1]') });
    expect(parseJsonPath("$['open")).toMatchObject({ ok: false, error: expect.stringContaining('unterminated') });
    expect(parseJsonPath('$.items[?(@.x)]')).toMatchObject({ ok: false });
  });
});
