import { describe, expect, it } from 'vitest';
import { diffJsonSchemas, type SchemaDirection } from '../../src/contract/schema-diff.js';
import type { JsonSchema } from '../../src/contract/snapshot-types.js';

const object = (properties: Record<string, JsonSchema>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

/** Each pair is checked in both directions: old -> new, then new -> old. */
interface Pair {
  rule: string;
  direction: SchemaDirection;
  old: JsonSchema;
  new: JsonSchema;
  /** kind and message of every change, in order. */
  forward: [string, string][];
  backward: [string, string][];
}

const pairs: Pair[] = [
  {
    rule: 'argument removed / added (optional)',
    direction: 'input',
    old: object({ q: { type: 'string' }, limit: { type: 'integer' } }),
    new: object({ q: { type: 'string' } }),
    forward: [['breaking', "argument 'limit' removed"]],
    backward: [['compatible', "new optional argument 'limit'"]],
  },
  {
    rule: 'new required argument / required argument removed',
    direction: 'input',
    old: object({ q: { type: 'string' } }, { required: ['q'] }),
    new: object({ q: { type: 'string' }, page: { type: 'integer' } }, { required: ['q', 'page'] }),
    forward: [['breaking', "new required argument 'page'"]],
    backward: [['breaking', "argument 'page' removed"]],
  },
  {
    rule: 'optional argument became required / required became optional',
    direction: 'input',
    old: object({ q: { type: 'string' }, limit: { type: 'integer' } }, { required: ['q'] }),
    new: object({ q: { type: 'string' }, limit: { type: 'integer' } }, { required: ['q', 'limit'] }),
    forward: [['breaking', "argument 'limit' is now required"]],
    backward: [['compatible', "argument 'limit' is now optional"]],
  },
  {
    rule: 'type narrowed from a union / widened to a union',
    direction: 'input',
    old: object({ id: { type: ['string', 'number'] } }),
    new: object({ id: { type: 'string' } }),
    forward: [['breaking', "argument 'id': type narrowed from string|number to string"]],
    backward: [['compatible', "argument 'id': type widened from string to string|number"]],
  },
  {
    rule: 'number narrowed to integer / integer widened to number',
    direction: 'input',
    old: object({ n: { type: 'number' } }),
    new: object({ n: { type: 'integer' } }),
    forward: [['breaking', "argument 'n': type narrowed from number to integer"]],
    backward: [['compatible', "argument 'n': type widened from integer to number"]],
  },
  {
    rule: 'type changed to an unrelated type (both directions breaking)',
    direction: 'input',
    old: object({ n: { type: 'string' } }),
    new: object({ n: { type: 'boolean' } }),
    forward: [['breaking', "argument 'n': type changed from string to boolean"]],
    backward: [['breaking', "argument 'n': type changed from boolean to string"]],
  },
  {
    rule: 'type constraint added / removed',
    direction: 'input',
    old: object({ v: {} }),
    new: object({ v: { type: 'string' } }),
    forward: [['breaking', "argument 'v': type restricted to string"]],
    backward: [['compatible', "argument 'v': type constraint removed (was string)"]],
  },
  {
    rule: 'enum value removed / added',
    direction: 'input',
    old: object({ sort: { enum: ['newest', 'oldest', 'title'] } }),
    new: object({ sort: { enum: ['newest', 'oldest'] } }),
    forward: [['breaking', `argument 'sort': enum value "title" removed`]],
    backward: [['compatible', `argument 'sort': enum value "title" added`]],
  },
  {
    rule: 'enum introduced / dropped',
    direction: 'input',
    old: object({ sort: { type: 'string' } }),
    new: object({ sort: { type: 'string', enum: ['a', 'b'] } }),
    forward: [['breaking', `argument 'sort': now limited to "a", "b"`]],
    backward: [['compatible', "argument 'sort': no longer limited to fixed values"]],
  },
  {
    rule: 'const changed (one value removed, one added)',
    direction: 'input',
    old: object({ v: { const: 1 } }),
    new: object({ v: { const: 2 } }),
    forward: [
      ['breaking', "argument 'v': enum value 1 removed"],
      ['compatible', "argument 'v': enum value 2 added"],
    ],
    backward: [
      ['breaking', "argument 'v': enum value 2 removed"],
      ['compatible', "argument 'v': enum value 1 added"],
    ],
  },
  {
    rule: 'minimum added / removed',
    direction: 'input',
    old: object({ n: { type: 'integer' } }),
    new: object({ n: { type: 'integer', minimum: 1 } }),
    forward: [['breaking', "argument 'n': minimum added (1)"]],
    backward: [['compatible', "argument 'n': minimum removed (was 1)"]],
  },
  {
    rule: 'maximum lowered / raised',
    direction: 'input',
    old: object({ n: { type: 'integer', maximum: 100 } }),
    new: object({ n: { type: 'integer', maximum: 50 } }),
    forward: [['breaking', "argument 'n': maximum lowered from 100 to 50"]],
    backward: [['compatible', "argument 'n': maximum raised from 50 to 100"]],
  },
  {
    rule: 'minLength raised / lowered',
    direction: 'input',
    old: object({ q: { type: 'string', minLength: 1 } }),
    new: object({ q: { type: 'string', minLength: 3 } }),
    forward: [['breaking', "argument 'q': minLength raised from 1 to 3"]],
    backward: [['compatible', "argument 'q': minLength lowered from 3 to 1"]],
  },
  {
    rule: 'pattern added / removed',
    direction: 'input',
    old: object({ id: { type: 'string' } }),
    new: object({ id: { type: 'string', pattern: '^[a-z]+$' } }),
    forward: [['breaking', `argument 'id': pattern added ("^[a-z]+$")`]],
    backward: [['compatible', `argument 'id': pattern removed (was "^[a-z]+$")`]],
  },
  {
    rule: 'pattern changed (cannot be compared: breaking both ways)',
    direction: 'input',
    old: object({ id: { type: 'string', pattern: '^a' } }),
    new: object({ id: { type: 'string', pattern: '^b' } }),
    forward: [['breaking', `argument 'id': pattern changed from "^a" to "^b"`]],
    backward: [['breaking', `argument 'id': pattern changed from "^b" to "^a"`]],
  },
  {
    rule: 'additionalProperties true -> false / false -> true',
    direction: 'input',
    old: object({ q: { type: 'string' } }),
    new: object({ q: { type: 'string' } }, { additionalProperties: false }),
    forward: [['breaking', 'input schema: additional arguments no longer allowed (additionalProperties: false)']],
    backward: [['compatible', 'input schema: additional arguments now allowed (additionalProperties was false)']],
  },
  {
    rule: 'multipleOf made stricter / looser',
    direction: 'input',
    old: object({ n: { type: 'number', multipleOf: 2 } }),
    new: object({ n: { type: 'number', multipleOf: 4 } }),
    forward: [['breaking', "argument 'n': multipleOf changed from 2 to 4"]],
    backward: [['compatible', "argument 'n': multipleOf changed from 4 to 2"]],
  },
  {
    rule: 'uniqueItems set / unset',
    direction: 'input',
    old: object({ tags: { type: 'array', items: { type: 'string' } } }),
    new: object({ tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } }),
    forward: [['breaking', "argument 'tags': uniqueItems set"]],
    backward: [['compatible', "argument 'tags': uniqueItems unset"]],
  },
  {
    rule: 'array item type narrowed / widened',
    direction: 'input',
    old: object({ tags: { type: 'array', items: { type: ['string', 'integer'] } } }),
    new: object({ tags: { type: 'array', items: { type: 'string' } } }),
    forward: [['breaking', "argument 'tags[]': type narrowed from string|integer to string"]],
    backward: [['compatible', "argument 'tags[]': type widened from string to string|integer"]],
  },
  {
    rule: 'nested object: field removed / added',
    direction: 'input',
    old: object({ filter: object({ tag: { type: 'string' }, after: { type: 'string' } }) }),
    new: object({ filter: object({ tag: { type: 'string' } }) }),
    forward: [['breaking', "argument 'filter.after' removed"]],
    backward: [['compatible', "new optional argument 'filter.after'"]],
  },
  {
    rule: 'nested object: field became required / optional',
    direction: 'input',
    old: object({ filter: object({ tag: { type: 'string' } }) }),
    new: object({ filter: object({ tag: { type: 'string' } }, { required: ['tag'] }) }),
    forward: [['breaking', "argument 'filter.tag' is now required"]],
    backward: [['compatible', "argument 'filter.tag' is now optional"]],
  },
  {
    rule: 'anyOf alternative removed / added',
    direction: 'input',
    old: object({
      at: {
        anyOf: [
          { type: 'string', format: 'date' },
          { type: 'integer', minimum: 0 },
        ],
      },
    }),
    new: object({ at: { anyOf: [{ type: 'string', format: 'date' }] } }),
    forward: [['breaking', `argument 'at': anyOf alternative removed: {"type":"integer","minimum":0}`]],
    backward: [['compatible', `argument 'at': anyOf alternative added: {"type":"integer","minimum":0}`]],
  },
  {
    rule: 'output field removed / added',
    direction: 'output',
    old: object({ notes: { type: 'array' }, total: { type: 'integer' } }),
    new: object({ notes: { type: 'array' } }),
    forward: [['breaking', "output field 'total' removed"]],
    backward: [['compatible', "new output field 'total'"]],
  },
  {
    rule: 'output type widened (breaking for readers) / narrowed (compatible)',
    direction: 'output',
    old: object({ total: { type: 'integer' } }),
    new: object({ total: { type: ['integer', 'null'] } }),
    forward: [['breaking', "output field 'total': type widened from integer to integer|null"]],
    backward: [['compatible', "output field 'total': type narrowed from integer|null to integer"]],
  },
  {
    rule: 'output type changed',
    direction: 'output',
    old: object({ total: { type: 'integer' } }),
    new: object({ total: { type: 'string' } }),
    forward: [['breaking', "output field 'total': type changed from integer to string"]],
    backward: [['breaking', "output field 'total': type changed from string to integer"]],
  },
  {
    rule: 'output enum value added (readers never saw it) / removed',
    direction: 'output',
    old: object({ state: { enum: ['open', 'closed'] } }),
    new: object({ state: { enum: ['open', 'closed', 'archived'] } }),
    forward: [['breaking', `output field 'state': enum value "archived" added`]],
    backward: [['compatible', `output field 'state': enum value "archived" removed`]],
  },
  {
    rule: 'output field may now be absent / is now always present',
    direction: 'output',
    old: object({ total: { type: 'integer' } }, { required: ['total'] }),
    new: object({ total: { type: 'integer' } }),
    forward: [['breaking', "output field 'total' may now be absent"]],
    backward: [['compatible', "output field 'total' is now always present"]],
  },
  {
    rule: 'output additional properties allowed (like new fields) / forbidden',
    direction: 'output',
    old: object({ a: { type: 'string' } }, { additionalProperties: false }),
    new: object({ a: { type: 'string' } }),
    forward: [['compatible', 'output schema: additional properties now allowed (additionalProperties was false)']],
    backward: [['compatible', 'output schema: additional properties no longer allowed (additionalProperties: false)']],
  },
  {
    rule: 'description and title of a field: cosmetic',
    direction: 'input',
    old: object({ q: { type: 'string', description: 'text to find' } }),
    new: object({ q: { type: 'string', description: 'words to look for', title: 'Query' } }),
    forward: [
      ['cosmetic', "argument 'q': description changed"],
      ['cosmetic', "argument 'q': title added"],
    ],
    backward: [
      ['cosmetic', "argument 'q': description changed"],
      ['cosmetic', "argument 'q': title removed"],
    ],
  },
  {
    rule: 'unknown keyword: compatible with a message',
    direction: 'input',
    old: object({ q: { type: 'string' } }),
    new: object({ q: { type: 'string', 'x-vendor-limit': 5 } }),
    forward: [['compatible', "argument 'q': keyword x-vendor-limit added (not compared; check by hand)"]],
    backward: [['compatible', "argument 'q': keyword x-vendor-limit removed (not compared; check by hand)"]],
  },
  {
    rule: 'default changed: compatible with a message',
    direction: 'input',
    old: object({ limit: { type: 'integer', default: 10 } }),
    new: object({ limit: { type: 'integer', default: 20 } }),
    forward: [['compatible', "argument 'limit': default changed: 10 -> 20 (callers that omit it get a different value)"]],
    backward: [['compatible', "argument 'limit': default changed: 20 -> 10 (callers that omit it get a different value)"]],
  },
];

function summarize(direction: SchemaDirection, before: JsonSchema, after: JsonSchema): [string, string][] {
  return diffJsonSchemas(before, after, direction).map((c) => [c.kind, c.message]);
}

describe('JSON Schema diff', () => {
  for (const pair of pairs) {
    it(`${pair.rule}: old -> new`, () => {
      expect(summarize(pair.direction, pair.old, pair.new)).toEqual(pair.forward);
    });
    it(`${pair.rule}: new -> old`, () => {
      expect(summarize(pair.direction, pair.new, pair.old)).toEqual(pair.backward);
    });
  }

  it('finds nothing between equal schemas', () => {
    const schema = object({ q: { type: 'string', minLength: 1 } }, { required: ['q'] });
    expect(diffJsonSchemas(schema, structuredClone(schema), 'input')).toEqual([]);
  });

  it('treats equivalent spellings as equal: type list order, nullable anyOf, renamed $defs', () => {
    expect(diffJsonSchemas(object({ a: { type: ['string', 'null'] } }), object({ a: { type: ['null', 'string'] } }), 'input')).toEqual([]);
    expect(diffJsonSchemas(object({ a: { anyOf: [{ type: 'string' }, { type: 'null' }] } }), object({ a: { type: ['string', 'null'] } }), 'output')).toEqual(
      [],
    );
    const before = object({ f: { $ref: '#/$defs/Filter' } }, { $defs: { Filter: object({ tag: { type: 'string' } }) } });
    const after = object({ f: { $ref: '#/$defs/NoteFilter' } }, { $defs: { NoteFilter: object({ tag: { type: 'string' } }) } });
    expect(diffJsonSchemas(before, after, 'input')).toEqual([]);
  });

  it('looks through $ref and reports a change inside a definition with its path', () => {
    const before = object({ f: { $ref: '#/$defs/Filter' } }, { $defs: { Filter: object({ tag: { type: 'string' } }) } });
    const after = object({ f: { $ref: '#/$defs/Filter' } }, { $defs: { Filter: object({ tag: { type: 'string', maxLength: 20 } }) } });
    expect(diffJsonSchemas(before, after, 'input')).toEqual([
      { kind: 'breaking', path: ['properties', 'f', 'properties', 'tag', 'maxLength'], message: "argument 'f.tag': maxLength added (20)" },
    ]);
  });

  it('terminates on recursive schemas', () => {
    const tree = (leafType: string) =>
      object(
        { node: { $ref: '#/$defs/Node' } },
        {
          $defs: { Node: object({ value: { type: leafType }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } }) },
        },
      );
    expect(diffJsonSchemas(tree('string'), tree('string'), 'input')).toEqual([]);
    const changes = diffJsonSchemas(tree('string'), tree('integer'), 'input');
    expect(changes[0]).toMatchObject({ kind: 'breaking', message: "argument 'node.value': type changed from string to integer" });
  });

  it('handles boolean schemas: anything -> false narrows, false -> anything widens', () => {
    expect(summarize('input', object({ a: true }), object({ a: false }))).toEqual([
      ['breaking', "argument 'a': no value is accepted any more (schema is false)"],
    ]);
    expect(summarize('input', object({ a: false }), object({ a: { type: 'string' } }))).toEqual([
      ['compatible', "argument 'a': now accepts values (schema was false)"],
    ]);
    expect(summarize('input', object({ a: true }), object({ a: { type: 'string' } }))).toEqual([['breaking', "argument 'a': type restricted to string"]]);
  });

  it('reports the keyword path of each change', () => {
    const [change] = diffJsonSchemas(
      object({ tags: { type: 'array', items: { type: 'string' } } }),
      object({ tags: { type: 'array', items: { type: 'string', maxLength: 5 } } }),
      'input',
    );
    expect(change.path).toEqual(['properties', 'tags', 'items', 'maxLength']);
  });
});
