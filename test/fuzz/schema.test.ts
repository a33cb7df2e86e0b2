/** The schema-to-arbitrary mapping: valid guesses are valid, targeted mutations are invalid, recursion is bounded. */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSchema } from '../../src/protocol/json-schema.js';
import { applyMutation, mutationsOf } from '../../src/fuzz/schema/invalid.js';
import { validValue } from '../../src/fuzz/schema/valid.js';
import { integerBoundaries, stringBoundaries } from '../../src/fuzz/schema/boundaries.js';

const validator = (schema: unknown) => {
  const compiled = compileSchema(schema);
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.validate;
};

const SCHEMAS: Record<string, Record<string, unknown>> = {
  strings: {
    type: 'object',
    properties: {
      a: { type: 'string', minLength: 2, maxLength: 5 },
      b: { type: 'string', format: 'date-time' },
      c: { type: 'string', pattern: '^[a-z]{2}-\\d{3}$' },
    },
    required: ['a', 'c'],
    additionalProperties: false,
  },
  numbers: {
    type: 'object',
    properties: {
      i: { type: 'integer', minimum: -3, exclusiveMaximum: 10 },
      n: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
      m: { type: 'integer', multipleOf: 5, minimum: 1, maximum: 100 },
    },
    required: ['i', 'n'],
  },
  collections: {
    type: 'object',
    properties: {
      list: { type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 1, maxItems: 4, uniqueItems: true },
      pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'boolean' }], items: false },
      nested: { type: 'object', properties: { flag: { type: 'boolean' }, kind: { enum: ['x', 'y'] } }, required: ['kind'], additionalProperties: false },
    },
    required: ['list', 'nested'],
    additionalProperties: false,
  },
  unions: {
    type: 'object',
    properties: {
      nullable: { type: ['string', 'null'] },
      legacyNullable: { type: 'integer', nullable: true },
      either: {
        anyOf: [
          { type: 'string', maxLength: 3 },
          { type: 'integer', minimum: 100 },
        ],
      },
      fixed: { const: 'v1' },
      ref: { $ref: '#/$defs/point' },
    },
    required: ['either', 'ref'],
    $defs: { point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'] } },
  },
};

describe('schema → arbitrary', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`${name}: every generated value is valid, every targeted mutation invalid`, () => {
      const validate = validator(schema);
      for (const value of fc.sample(validValue(schema), { seed: 1, numRuns: 300 })) expect(validate(value), JSON.stringify(value)).toBe(true);
      const mutations = mutationsOf(schema);
      expect(mutations.length).toBeGreaterThan(3);
      const mutated = fc
        .tuple(validValue(schema), fc.oneof(...mutations))
        .map(([args, mutation]) => ({ args: applyMutation(args as Record<string, unknown>, mutation), mutation }));
      for (const { args, mutation } of fc.sample(mutated, { seed: 2, numRuns: 300 }))
        expect(validate(args), `${JSON.stringify(mutation)} → ${JSON.stringify(args)}`).toBe(false);
    });
  }

  it('a recursive $ref is followed to a bounded depth', () => {
    const tree = {
      $ref: '#/$defs/node',
      $defs: { node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } }, required: ['children'] } },
    };
    const validate = validator(tree);
    for (const value of fc.sample(validValue(tree), { seed: 3, numRuns: 50 })) expect(validate(value)).toBe(true);
  });

  it('unknown keywords and empty schemas fall back to any JSON value', () => {
    const values = fc.sample(validValue({ 'x-custom': 1 }), { seed: 4, numRuns: 100 });
    expect(new Set(values.map((value) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value))).size).toBeGreaterThan(2);
  });

  it('boundary values sit on the edges and start with the smallest', () => {
    expect(stringBoundaries({ minLength: 2, maxLength: 4 }).slice(0, 2)).toEqual(['aa', 'aaaa']);
    expect(stringBoundaries({})[0]).toBe('');
    expect(integerBoundaries({ minimum: 1, maximum: 50 })).toEqual([1, 2, 49, 50]);
    expect(integerBoundaries({})).toEqual(expect.arrayContaining([0, -1, Number.MAX_SAFE_INTEGER, -(2 ** 31)]));
  });
});
