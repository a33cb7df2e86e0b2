/** The depth bound: a linear scan of the text, strings skipped, top-level id found without parsing. */
import { describe, expect, it } from 'vitest';
import { JsonTooDeepError, MAX_JSON_DEPTH, nestsDeeperThan, parseJson, topLevelId, valueNestsDeeperThan } from '../../src/wire/json-depth.js';

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('json depth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ text: '['.repeat(10_000) }))).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'a\\"' + '{'.repeat(10_000) }))).toBe(false);
    expect(nestsDeeperThan('{"a":' + '{"b":'.repeat(600) + '1' + '}'.repeat(601))).toBe(true);
  });

  it('parseJson refuses 100,000 levels with a SyntaxError, parses the rest as JSON.parse does', () => {
    expect(() => parseJson(nested(100_000))).toThrow(JsonTooDeepError);
    expect(() => parseJson(nested(100_000))).toThrow(SyntaxError);
    expect(parseJson('{"a":[1,{"b":"]"}]}')).toEqual({ a: [1, { b: ']' }] });
  });

  it('finds the top-level id of a too-deep message, ignoring nested ids', () => {
    expect(topLevelId(`{"jsonrpc":"2.0","id":7,"result":{"x":${nested(1000)}}}`)).toBe(7);
    expect(topLevelId(`{"jsonrpc":"2.0","result":{"id":1,"x":${nested(1000)}},"id":"a\\"b"}`)).toBe('a"b');
    expect(topLevelId(`{"jsonrpc":"2.0","method":"m","params":{"id":3,"x":${nested(1000)}}}`)).toBeUndefined();
  });

  it('measures values in memory without recursion', () => {
    let deep: unknown[] = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(valueNestsDeeperThan(deep)).toBe(true);
    expect(valueNestsDeeperThan({ a: [{ b: 1 }] })).toBe(false);
  });
});
