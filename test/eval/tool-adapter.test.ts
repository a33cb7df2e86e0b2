/** MCP tools as providers take them: safe names mapped back, refused schemas reported with a reason. */
import { describe, expect, it } from 'vitest';
import { parseModelSpec } from '../../src/eval/model-spec.js';
import { adaptTools } from '../../src/eval/tool-adapter.js';

const object = { type: 'object', properties: { q: { type: 'string' } } };

describe('tool adapter', () => {
  it('keeps names providers accept and rewrites the others, without collisions', () => {
    const adapted = adaptTools(
      [
        { name: 'search', inputSchema: object },
        { name: 'notes.search', inputSchema: object },
        { name: 'notes/search', inputSchema: object },
        { name: 'x'.repeat(80), inputSchema: object },
      ],
      'openai',
    );
    expect(adapted.tools.map((tool) => tool.name)).toEqual(['search', 'notes_search', 'notes_search_2', 'x'.repeat(64)]);
    expect(adapted.byProviderName.get('notes_search_2')?.tool.name).toBe('notes/search');
    expect(adapted.notConverted).toEqual([]);
  });

  it('reports a tool whose schema the provider refuses instead of dropping it silently', () => {
    const tools = [
      { name: 'no-schema' },
      { name: 'array', inputSchema: { type: 'array' } },
      { name: 'union', inputSchema: { type: 'object', anyOf: [{ required: ['a'] }, { required: ['b'] }] } },
    ];
    const openai = adaptTools(tools, 'openai-compatible');
    expect(openai.tools).toEqual([]);
    expect(openai.notConverted.map((entry) => entry.tool)).toEqual(['no-schema', 'array', 'union']);
    expect(openai.notConverted[2]?.reason).toContain('anyOf');
    // Anthropic takes a root anyOf.
    expect(adaptTools(tools, 'anthropic').tools.map((tool) => tool.name)).toEqual(['union']);
  });

  it('estimates what the definition costs in tokens', () => {
    const [tool] = adaptTools([{ name: 'search', description: 'd'.repeat(400), inputSchema: object }], 'anthropic').tools;
    expect(tool?.definitionTokens).toBeGreaterThan(100);
    expect(tool?.definitionTokens).toBeLessThan(150);
  });
});

describe('model spec', () => {
  it('splits at the first colon, so local model names keep theirs', () => {
    expect(parseModelSpec('openai-compatible:llama3:8b')).toEqual({ spec: 'openai-compatible:llama3:8b', provider: 'openai-compatible', name: 'llama3:8b' });
  });

  it('names the providers it knows when a spec is wrong', () => {
    expect(() => parseModelSpec('gpt-4o')).toThrow(/provider:name/);
    expect(() => parseModelSpec('mistral:large')).toThrow(/openai, anthropic, openai-compatible/);
  });
});
