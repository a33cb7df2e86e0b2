// Engine behaviour beyond single rules: broken tools are kept, inputs are recognised,
// profiles select rules, and compile results are cached.
import { describe, expect, it } from 'vitest';
import { LIST_SCOPE, UnknownProfileError, hasErrors, lintTools, lintToolsListResult, summarize } from '../../src/lint/index.js';
import { compileSchema } from '../../src/protocol/schema-compile.js';
import { GOOD, tool, withCity, withSchema } from './helpers.js';

describe('lintTools', () => {
  it('lints a clean tool to no findings under the default profiles', () => {
    expect(lintTools([tool()])).toEqual([]);
  });

  it('reports tools with invalid schemas by name and never drops them', () => {
    const tools = [
      tool({ name: 'first' }),
      tool({ name: 'broken_type', inputSchema: { type: 'object', properties: { n: { type: 'int', description: 'n' } } } }),
      tool({ name: 'boolean_schema', inputSchema: true }),
      tool({ name: 'remote', inputSchema: { type: 'object', properties: { n: { $ref: 'https://example.com/n.json' } } } }),
      tool({ name: 'last' }),
    ];
    const findings = lintTools(tools);
    const erroredTools = new Set(findings.filter((f) => f.severity === 'error').map((f) => f.tool));
    expect([...erroredTools].sort()).toEqual(['boolean_schema', 'broken_type', 'remote']);
    // A broken tool is still checked for everything else (here: its name and description rules run).
    expect(lintTools([tool({ name: 'bad name', inputSchema: true })]).map((f) => f.ruleId)).toEqual(
      expect.arrayContaining(['tool.name-format', 'schema.input-not-object']),
    );
    expect(hasErrors(findings)).toBe(true);
  });

  it('keeps going after a tool that is not even an object', () => {
    const findings = lintTools([null, 'x', tool({ name: 'ok', inputSchema: { type: 'string' } })]);
    expect(findings.map((f) => [f.tool, f.ruleId])).toEqual(
      expect.arrayContaining([
        ['tools[0]', 'tool.not-object'],
        ['tools[1]', 'tool.not-object'],
        ['ok', 'schema.input-root-type'],
      ]),
    );
  });

  it('groups findings by tool in list order, list-wide findings last', () => {
    const findings = lintTools([withCity({ type: 'string' }), tool({ name: 'b', description: '' })], { totalTokenWarnThreshold: 1 });
    expect(findings.map((f) => f.tool)).toEqual(['get_weather', 'b', LIST_SCOPE]);
  });

  it('labels a repeated name with its index so the two tools stay apart', () => {
    const findings = lintTools([tool(), tool({ description: '' })]);
    expect(findings.map((f) => `${f.tool} ${f.ruleId}`)).toEqual([
      'get_weather (tools[1]) tool.description-missing',
      'get_weather (tools[1]) tool.name-duplicate',
    ]);
  });

  it('compiles outputSchema too and points into it', () => {
    const findings = lintTools([tool({ outputSchema: { type: 'object', properties: { t: { type: 'float' } } } })]);
    expect(findings.map((f) => [f.ruleId, f.path])).toEqual([['schema.invalid', '/outputSchema/properties/t/type']]);
  });

  it('accepts [T, "null"] for an x-mcp-header property (null means the header is omitted)', () => {
    const findings = lintTools([withCity({ type: ['string', 'null'], description: 'City.', 'x-mcp-header': 'City' })]);
    expect(findings.filter((f) => f.ruleId.startsWith('x-mcp-header'))).toEqual([]);
  });

  it('compiles draft-07 schemas with draft-07 rules', () => {
    const draft07 = withSchema({
      $schema: 'http://json-schema.org/draft-07/schema#',
      properties: { pair: { type: 'array', description: 'Pair.', items: [{ type: 'string' }, { type: 'number' }] } },
      required: ['pair'],
    });
    expect(lintTools([draft07]).map((f) => f.ruleId)).toEqual(['schema.dialect-not-default']);
    // The same tuple form is a meta-schema error under 2020-12.
    const as2020 = withSchema({ properties: { pair: { type: 'array', description: 'Pair.', items: [{ type: 'string' }] } }, required: ['pair'] });
    expect(lintTools([as2020]).map((f) => f.ruleId)).toContain('schema.invalid');
  });

  it('resolves refs into embedded resources and anchors, and flags relative document refs as external', () => {
    const embedded = withSchema({
      properties: { city: { $ref: 'https://example.com/city.json' } },
      $defs: { City: { $id: 'https://example.com/city.json', type: 'string', description: 'City.' } },
    });
    expect(lintTools([embedded]).filter((f) => f.ruleId.startsWith('schema.'))).toEqual([]);
    const relative = withCity({ $ref: 'city.json' });
    expect(lintTools([relative]).map((f) => f.ruleId)).toContain('schema.remote-ref');
  });

  it('runs no provider profile unless asked', () => {
    const dotted = tool({ name: 'weather.get' });
    expect(lintTools([dotted]).map((f) => f.ruleId)).toEqual(['portable.name']);
    const all = lintTools([dotted], { profiles: ['openai-strict', 'anthropic', 'gemini'] }).map((f) => f.ruleId);
    expect(all).toEqual(expect.arrayContaining(['openai.name', 'anthropic.name']));
    expect(all).not.toContain('portable.name');
    expect(all.filter((id) => id.startsWith('gemini.'))).toEqual(['gemini.unsupported-keyword']);
  });

  it('rejects an unknown profile as a usage error', () => {
    expect(() => lintTools([], { profiles: ['openai'] })).toThrow(UnknownProfileError);
  });
});

describe('lintToolsListResult', () => {
  it('reads a result, a JSON-RPC response and a bare array alike', () => {
    const broken = { ...GOOD, name: 'bad name' };
    const expected = lintTools([broken]);
    expect(expected.length).toBeGreaterThan(0);
    expect(lintToolsListResult({ tools: [broken], nextCursor: 'x' })).toEqual(expected);
    expect(lintToolsListResult({ jsonrpc: '2.0', id: 1, result: { tools: [broken] } })).toEqual(expected);
    expect(lintToolsListResult([broken])).toEqual(expected);
  });

  it('reports what is wrong with something that is not a tools/list result', () => {
    expect(lintToolsListResult({ tools: 'none' })[0].message).toContain('`tools` is a string');
    expect(lintToolsListResult(7).map((f) => f.ruleId)).toEqual(['list.invalid']);
  });
});

describe('compile cache', () => {
  it('compiles an equal schema once per dialect', () => {
    const a = compileSchema({ type: 'object', properties: { q: { type: 'string' } } }, '2020-12');
    const b = compileSchema({ type: 'object', properties: { q: { type: 'string' } } }, '2020-12');
    const c = compileSchema({ type: 'object', properties: { q: { type: 'string' } } }, 'draft-07');
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(a.validate?.({ q: 'x' })).toBe(true);
  });
});

describe('summary', () => {
  it('counts severities and tools', () => {
    const findings = lintTools([tool({ name: 'a b', description: '' }), tool({ name: 'c', inputSchema: null })]);
    expect(summarize(findings)).toEqual({ errors: 1, warnings: 3, infos: 0, tools: 2 });
  });
});
