// Every rule has one input that triggers it and one that does not (differing in one respect).
import { describe, expect, it } from 'vitest';
import { RULES, lintTools, lintToolsListResult, type LintFinding, type LintOptions } from '../../src/lint/index.js';
import { GOOD, manyTools, nestedObjects, tool, withCity, withSchema, without, type Json } from './helpers.js';

interface Case {
  tools?: unknown[];
  /** Passed to lintToolsListResult instead of lintTools. */
  result?: unknown;
  options?: LintOptions;
}
interface RuleCase {
  trigger: Case;
  clean: Case;
  /** Expected JSON pointer of the triggered finding. */
  path?: string;
}

const p = (profile: string): LintOptions => ({ profiles: [profile] });
const city = (extra: Json): Json => ({ type: 'string', description: 'City.', ...extra });
const header = (value: unknown, type: unknown = 'string'): Json => ({ type, description: 'City.', 'x-mcp-header': value });
const GEMINI_GOOD = withSchema({ additionalProperties: undefined });
const bigEnum = (n: number, width = 1): string[] => Array.from({ length: n }, (_, i) => String(i).padStart(width, 'x'));

const CASES: Record<string, RuleCase> = {
  'tool.not-object': { trigger: { tools: [42] }, clean: { tools: [tool()] }, path: '' },
  'tool.name-missing': { trigger: { tools: [without('name')] }, clean: { tools: [tool()] }, path: '/name' },
  'tool.name-format': { trigger: { tools: [tool({ name: 'get weather' })] }, clean: { tools: [tool({ name: 'admin.tools.list' })] }, path: '/name' },
  'tool.name-duplicate': { trigger: { tools: [tool(), tool()] }, clean: { tools: [tool(), tool({ name: 'get_forecast' })] }, path: '/name' },
  'tool.field-type': { trigger: { tools: [tool({ title: 5 })] }, clean: { tools: [tool({ title: 'Weather' })] }, path: '/title' },
  'tool.description-missing': { trigger: { tools: [tool({ description: '  ' })] }, clean: { tools: [tool()] }, path: '/description' },
  'tool.description-too-long': {
    trigger: { tools: [tool({ description: 'x'.repeat(300) }), tool({ name: 'b', description: 'y'.repeat(1025) })] },
    clean: { tools: [tool({ description: 'x'.repeat(1024) })] },
    path: '/description',
  },
  'tool.annotations-type': {
    trigger: { tools: [tool({ annotations: { readOnlyHint: 'true' } })] },
    clean: { tools: [tool({ annotations: { readOnlyHint: true, title: 'Weather' } })] },
    path: '/annotations/readOnlyHint',
  },
  'tool.annotations-contradictory': {
    trigger: { tools: [tool({ annotations: { readOnlyHint: true, destructiveHint: true } })] },
    clean: { tools: [tool({ annotations: { readOnlyHint: false, destructiveHint: true } })] },
    path: '/annotations/destructiveHint',
  },
  'schema.input-missing': { trigger: { tools: [without('inputSchema')] }, clean: { tools: [tool()] }, path: '/inputSchema' },
  'schema.input-not-object': { trigger: { tools: [tool({ inputSchema: null })] }, clean: { tools: [tool()] }, path: '/inputSchema' },
  'schema.input-root-type': {
    trigger: { tools: [tool({ inputSchema: { type: 'array', items: { type: 'string' } } })] },
    clean: { tools: [tool()] },
    path: '/inputSchema/type',
  },
  'schema.output-not-object': {
    trigger: { tools: [tool({ outputSchema: 'string' })] },
    clean: { tools: [tool({ outputSchema: { type: 'array', items: { type: 'string' } } })] },
    path: '/outputSchema',
  },
  'schema.dialect-unknown': {
    trigger: { tools: [withSchema({ $schema: 'http://json-schema.org/draft-04/schema#' })] },
    clean: { tools: [withSchema({ $schema: 'https://json-schema.org/draft/2020-12/schema' })] },
    path: '/inputSchema/$schema',
  },
  'schema.dialect-not-default': {
    trigger: { tools: [withSchema({ $schema: 'http://json-schema.org/draft-07/schema#' })] },
    clean: { tools: [withSchema({ $schema: 'https://json-schema.org/draft/2020-12/schema' })] },
    path: '/inputSchema/$schema',
  },
  'schema.invalid': { trigger: { tools: [withCity(city({ type: 'text' }))] }, clean: { tools: [tool()] }, path: '/inputSchema/properties/city/type' },
  'schema.pattern-invalid': {
    trigger: { tools: [withCity(city({ pattern: '[a-' }))] },
    clean: { tools: [withCity(city({ pattern: '^[a-z]+$' }))] },
    path: '/inputSchema/properties/city/pattern',
  },
  'schema.pattern-unsupported': {
    trigger: {
      tools: [
        withCity(city({ pattern: '^(?=x)[a-z]+$' })),
        tool({ name: 'b', inputSchema: { ...GOOD.inputSchema, patternProperties: { '^(a)\\1$': { type: 'string' } } } }),
      ],
    },
    clean: { tools: [withCity(city({ pattern: "^\\p{L}[\\p{L} .'-]*\\d?$" }))] },
    path: '/inputSchema/properties/city/pattern',
  },
  'schema.remote-ref': {
    trigger: { tools: [withCity({ $ref: 'https://example.com/city.json' })] },
    clean: { tools: [withSchema({ properties: { city: { $ref: '#/$defs/City' } }, $defs: { City: city({}) } })] },
    path: '/inputSchema/properties/city/$ref',
  },
  'schema.ref-unresolved': {
    trigger: { tools: [withSchema({ properties: { city: { $ref: '#/$defs/Town' } }, $defs: { City: city({}) } })] },
    clean: { tools: [withSchema({ properties: { city: { $ref: '#city' } }, $defs: { City: city({ $anchor: 'city' }) } })] },
    path: '/inputSchema/properties/city/$ref',
  },
  'schema.required-unknown': {
    trigger: { tools: [withSchema({ required: ['city', 'country'], additionalProperties: undefined })] },
    clean: { tools: [withSchema({ required: ['city', 'country'], additionalProperties: undefined, anyOf: [{ properties: { country: city({}) } }] })] },
    path: '/inputSchema/required/1',
  },
  'schema.required-unsatisfiable': {
    trigger: { tools: [withSchema({ required: ['city', 'country'] })] },
    clean: { tools: [tool()] },
    path: '/inputSchema/required/1',
  },
  'schema.boolean-subschema': {
    trigger: { tools: [withSchema({ properties: { city: city({}), extra: true } })] },
    clean: { tools: [withCity({ type: 'array', description: 'City and country.', prefixItems: [{ type: 'string' }, { type: 'string' }], items: false })] },
    path: '/inputSchema/properties/extra',
  },
  'schema.enum-duplicate': {
    trigger: { tools: [withCity(city({ enum: ['Paris', 'Oslo', 'Paris'] }))] },
    clean: { tools: [withCity(city({ enum: ['Paris', 'Oslo'] }))] },
    path: '/inputSchema/properties/city/enum/2',
  },
  'schema.enum-empty': {
    trigger: { tools: [withCity(city({ enum: [] }))] },
    clean: { tools: [withCity(city({ enum: ['Paris'] }))] },
    path: '/inputSchema/properties/city/enum',
  },
  'schema.default-invalid': {
    trigger: { tools: [withCity({ type: 'integer', minimum: 1, description: 'Id.', default: 0 })] },
    clean: { tools: [withCity({ type: 'integer', minimum: 1, description: 'Id.', default: 1 })] },
    path: '/inputSchema/properties/city/default',
  },
  'schema.format-unknown': {
    trigger: { tools: [withCity(city({ format: 'city-name' }))] },
    clean: { tools: [withCity(city({ format: 'date' }))] },
    path: '/inputSchema/properties/city/format',
  },
  'schema.unknown-keyword': {
    trigger: { tools: [withCity(city({ nullable: true }))] },
    clean: { tools: [withCity(city({ 'x-note': 'custom' }))] },
    path: '/inputSchema/properties/city/nullable',
  },
  'schema.property-description-missing': {
    trigger: { tools: [withCity({ type: 'string' })] },
    clean: { tools: [tool()] },
    path: '/inputSchema/properties/city',
  },
  'schema.no-params-open': {
    trigger: { tools: [tool({ inputSchema: { type: 'object' } })] },
    clean: { tools: [tool({ inputSchema: { type: 'object', additionalProperties: false } })] },
    path: '/inputSchema',
  },
  'x-mcp-header.type': {
    trigger: { tools: [withCity(header('City', 'number'))] },
    clean: { tools: [withCity(header('City', 'integer'))] },
    path: '/inputSchema/properties/city/x-mcp-header',
  },
  'x-mcp-header.placement': {
    trigger: { tools: [withCity({ type: 'array', description: 'Cities.', items: header('City') })] },
    clean: { tools: [withCity({ type: 'object', description: 'Place.', properties: { name: header('City') } })] },
    path: '/inputSchema/properties/city/items/x-mcp-header',
  },
  'x-mcp-header.empty': {
    trigger: { tools: [withCity(header(''))] },
    clean: { tools: [withCity(header('City'))] },
    path: '/inputSchema/properties/city/x-mcp-header',
  },
  'x-mcp-header.not-token': {
    trigger: { tools: [withCity(header('City Name'))] },
    clean: { tools: [withCity(header('City-Name'))] },
    path: '/inputSchema/properties/city/x-mcp-header',
  },
  'x-mcp-header.control-char': {
    trigger: { tools: [withCity(header('City\r\nX-Evil'))] },
    clean: { tools: [withCity(header('City'))] },
    path: '/inputSchema/properties/city/x-mcp-header',
  },
  'x-mcp-header.duplicate': {
    trigger: { tools: [withSchema({ properties: { city: header('City'), town: header('city') } })] },
    clean: { tools: [withSchema({ properties: { city: header('City'), town: header('Town') } })] },
    path: '/inputSchema/properties/town/x-mcp-header',
  },
  'size.tool-tokens': { trigger: { tools: [tool()], options: { tokenWarnThreshold: 10 } }, clean: { tools: [tool()] }, path: '' },
  'size.list-tokens': { trigger: { tools: [tool()], options: { totalTokenWarnThreshold: 10 } }, clean: { tools: [tool()] }, path: '' },
  'portable.name': { trigger: { tools: [tool({ name: 'weather.get' })] }, clean: { tools: [tool({ name: '_get-weather' })] }, path: '/name' },
  'portable.type-union': {
    trigger: { tools: [withCity(city({ type: ['string', 'null'] }))] },
    clean: { tools: [tool()] },
    path: '/inputSchema/properties/city/type',
  },
  'portable.untyped': {
    trigger: { tools: [withCity({ description: 'City.' })] },
    clean: { tools: [withCity(city({}))] },
    path: '/inputSchema/properties/city',
  },
  'portable.tool-count': { trigger: { tools: manyTools(20) }, clean: { tools: manyTools(19) }, path: '' },
  'openai.name': {
    trigger: { tools: [tool({ name: 'weather.get' })], options: p('openai-strict') },
    clean: { tools: [tool()], options: p('openai-strict') },
    path: '/name',
  },
  'openai.additional-properties': {
    trigger: { tools: [withSchema({ additionalProperties: undefined })], options: p('openai-strict') },
    clean: { tools: [tool()], options: p('openai-strict') },
    path: '/inputSchema',
  },
  'openai.all-required': {
    trigger: { tools: [withSchema({ properties: { city: city({}), unit: city({}) } })], options: p('openai-strict') },
    clean: {
      tools: [withSchema({ properties: { city: city({}), unit: city({ type: ['string', 'null'] }) }, required: ['city', 'unit'] })],
      options: p('openai-strict'),
    },
    path: '/inputSchema/properties/unit',
  },
  'openai.unsupported-keyword': {
    trigger: { tools: [withCity({ allOf: [city({})] })], options: p('openai-strict') },
    clean: { tools: [withCity({ anyOf: [city({}), { type: 'null' }] })], options: p('openai-strict') },
    path: '/inputSchema/properties/city/allOf',
  },
  'openai.root-anyof': {
    trigger: { tools: [withSchema({ anyOf: [{ required: ['city'] }] })], options: p('openai-strict') },
    clean: { tools: [withCity({ anyOf: [city({}), { type: 'null' }] })], options: p('openai-strict') },
    path: '/inputSchema/anyOf',
  },
  'openai.nesting-depth': {
    trigger: { tools: [tool({ inputSchema: nestedObjects(11) })], options: p('openai-strict') },
    clean: { tools: [tool({ inputSchema: nestedObjects(10) })], options: p('openai-strict') },
  },
  'openai.total-properties': {
    trigger: { tools: [withSchema(manyProperties(5001))], options: p('openai-strict') },
    clean: { tools: [withSchema(manyProperties(5000))], options: p('openai-strict') },
    path: '/inputSchema',
  },
  'openai.enum-size': {
    trigger: { tools: [withCity(city({ enum: bigEnum(251, 60) }))], options: p('openai-strict') },
    clean: { tools: [withCity(city({ enum: bigEnum(250, 60) }))], options: p('openai-strict') },
    path: '/inputSchema/properties/city/enum',
  },
  'openai.string-size': {
    trigger: { tools: [withSchema({ properties: { ['n'.repeat(120_001)]: city({}) }, required: ['n'.repeat(120_001)] })], options: p('openai-strict') },
    clean: { tools: [withSchema({ properties: { ['n'.repeat(119_990)]: city({}) }, required: ['n'.repeat(119_990)] })], options: p('openai-strict') },
    path: '/inputSchema',
  },
  'openai.format': {
    trigger: { tools: [withCity(city({ format: 'uri' }))], options: p('openai-strict') },
    clean: { tools: [withCity(city({ format: 'date-time' }))], options: p('openai-strict') },
    path: '/inputSchema/properties/city/format',
  },
  'openai.tool-count': {
    trigger: { tools: manyTools(129), options: p('openai-strict') },
    clean: { tools: manyTools(128), options: p('openai-strict') },
    path: '',
  },
  'anthropic.name': {
    trigger: { tools: [tool({ name: 'weather.get' })], options: p('anthropic') },
    clean: { tools: [tool({ name: 'get-weather' })], options: p('anthropic') },
    path: '/name',
  },
  'anthropic.description-short': {
    trigger: { tools: [tool({ description: 'Gets the weather. For a city.' })], options: p('anthropic') },
    clean: { tools: [tool()], options: p('anthropic') },
    path: '/description',
  },
  'gemini.name': {
    trigger: { tools: [tool({ name: 'get weather' })], options: p('gemini') },
    clean: { tools: [tool({ name: 'weather.get:v2' })], options: p('gemini') },
    path: '/name',
  },
  'gemini.name-strict': {
    trigger: { tools: [tool({ name: '2weather' })], options: p('gemini') },
    clean: { tools: [tool({ name: 'weather2' })], options: p('gemini') },
    path: '/name',
  },
  'gemini.unsupported-keyword': {
    trigger: { tools: [tool()], options: p('gemini') },
    clean: { tools: [GEMINI_GOOD], options: p('gemini') },
    path: '/inputSchema/additionalProperties',
  },
  'gemini.type-union': {
    trigger: { tools: [withCity(city({ type: ['string', 'null'] }))], options: p('gemini') },
    clean: { tools: [withCity(city({ nullable: true }))], options: p('gemini') },
    path: '/inputSchema/properties/city/type',
  },
  'gemini.enum-non-string': {
    trigger: { tools: [withCity({ type: 'integer', description: 'Zone.', enum: [1, 2] })], options: p('gemini') },
    clean: { tools: [withCity(city({ enum: ['1', '2'] }))], options: p('gemini') },
    path: '/inputSchema/properties/city/enum',
  },
  'gemini.property-name': {
    trigger: { tools: [withSchema({ properties: { 'city-name': city({}) }, required: ['city-name'] })], options: p('gemini') },
    clean: { tools: [withSchema({ properties: { city_name: city({}) }, required: ['city_name'] })], options: p('gemini') },
    path: '/inputSchema/properties/city-name',
  },
  'list.invalid': { trigger: { result: { tool: [GOOD] } }, clean: { result: { tools: [GOOD] } }, path: '' },
};

function manyProperties(n: number): Json {
  const properties: Json = {};
  for (let i = 0; i < n; i++) properties[`p${i}`] = { type: 'string', description: 'p' };
  return { properties, required: Object.keys(properties) };
}

function run(c: Case): LintFinding[] {
  return c.result !== undefined ? lintToolsListResult(c.result, c.options) : lintTools(c.tools ?? [], c.options);
}

describe('lint rules', () => {
  it('every rule has a triggering and a clean case', () => {
    expect(Object.keys(CASES).sort()).toEqual(RULES.map((r) => r.id).sort());
  });

  for (const rule of RULES) {
    const c = CASES[rule.id];
    if (!c) continue;
    describe(rule.id, () => {
      it('reports a schema or tool that breaks it', () => {
        const hits = run(c.trigger).filter((f) => f.ruleId === rule.id);
        expect(hits.length, JSON.stringify(run(c.trigger).map((f) => f.ruleId))).toBeGreaterThan(0);
        const hit = c.path === undefined ? hits[0] : hits.find((f) => f.path === c.path);
        expect(hit, `paths: ${hits.map((f) => f.path).join(', ')}`).toBeDefined();
        expect(hit!.severity).toBe(rule.severity);
        expect(hit!.profile).toBe(rule.profile);
        expect(hit!.message.length).toBeGreaterThan(0);
        expect(hit!.fix.length).toBeGreaterThan(0);
      });
      it('stays silent on one that follows it', () => {
        expect(run(c.clean).filter((f) => f.ruleId === rule.id)).toEqual([]);
      });
    });
  }
});

describe('schema.pattern-unsupported', () => {
  it('names a lookahead and a backreference, each at its own place, and nothing else about them', () => {
    const findings = run(CASES['schema.pattern-unsupported']!.trigger).filter((f) => f.ruleId.startsWith('schema.pattern') || f.ruleId === 'schema.invalid');
    expect(findings.map((f) => [f.ruleId, f.path])).toEqual([
      ['schema.pattern-unsupported', '/inputSchema/properties/city/pattern'],
      ['schema.pattern-unsupported', '/inputSchema/patternProperties/^(a)\\1$'],
    ]);
    expect(findings[0]!.message).toContain('lookahead');
    expect(findings[1]!.message).toContain('backreference');
  });
});
