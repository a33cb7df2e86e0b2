/** The lexical policy: the tool whose name and description share the most words with the task, arguments found by parameter name. */
import { generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import type { ToolView } from '../../src/eval/scripted/conversation.js';
import { chooseTool, fillArguments, words } from '../../src/eval/scripted/lexical.js';
import { startScriptedModel } from '../../src/eval/scripted/server.js';
import { type ProviderName, providerModel } from '../helpers/scripted-model.js';

const view = (name: string, description: string, parameters: Record<string, unknown> = {}): ToolView => ({ name, description, parameters });

describe('choosing a tool', () => {
  const tools = [view('list_notes', 'List every note'), view('search_notes', 'Search notes by keyword'), view('getWeather', 'Current weather of a city')];

  it('picks the most shared words, ignoring case, stop words, camelCase and plural s', () => {
    expect(chooseTool('Search my notes for a KEYWORD', tools)?.name).toBe('search_notes');
    expect(chooseTool('What is the weather like?', tools)?.name).toBe('getWeather');
    expect(words('What is the Weather of getNotes?')).toEqual(new Set(['weather', 'get', 'note']));
  });

  it('takes the first tool on a tie, none when no word is shared', () => {
    expect(chooseTool('notes', tools)?.name).toBe('list_notes');
    expect(chooseTool('What is it, then?', tools)).toBeUndefined();
    expect(chooseTool('translate a poem', tools)).toBeUndefined();
  });
});

describe('filling arguments', () => {
  const schema = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
  const text = { type: 'string' };

  it('takes a quoted string after the parameter name', () => {
    expect(fillArguments('Weather for city "New York" please', schema({ city: text }))).toEqual({ city: 'New York' });
    expect(fillArguments("query: “open issues”, owner is 'octo'", schema({ query: text, owner: text }))).toEqual({ query: 'open issues', owner: 'octo' });
  });

  it('takes the word or number after name:, name = or name is, typed by the schema', () => {
    const parameters = schema({
      limit: { type: 'integer' },
      ratio: { type: 'number' },
      verbose: { type: 'boolean' },
      city: text,
      tags: { type: 'array', items: text },
    });
    expect(fillArguments('List with limit: 5, ratio = 0.25 and verbose is yes; city is Paris. tags: "a, b"', parameters)).toEqual({
      limit: 5,
      ratio: 0.25,
      verbose: true,
      city: 'Paris',
      tags: ['a', 'b'],
    });
  });

  it('finds a snake_case or camelCase parameter written as words', () => {
    expect(fillArguments('show max results: 3', schema({ max_results: { type: 'integer' } }))).toEqual({ max_results: 3 });
    expect(fillArguments('page size = 20', schema({ pageSize: { type: ['integer', 'null'] } }))).toEqual({ pageSize: 20 });
  });

  it('omits what it cannot find or cannot type', () => {
    expect(fillArguments('limit: many', schema({ limit: { type: 'integer' }, city: text }))).toEqual({});
  });

  it('fills the single required string from the first quoted string, else the capitalised words', () => {
    const parameters = schema({ city: text, units: text }, ['city']);
    expect(fillArguments('Find notes about "kubernetes" and "helm"', parameters)).toEqual({ city: 'kubernetes' });
    expect(fillArguments('What is the weather in New York right now?', parameters)).toEqual({ city: 'New York' });
    expect(fillArguments('I wonder. Is it raining in São Paulo?', parameters)).toEqual({ city: 'São Paulo' });
    // The first word of a sentence is capitalised by grammar, not a name.
    expect(fillArguments('Boston weather', parameters)).toEqual({});
    // Two required strings: neither is guessed.
    expect(fillArguments('Weather in Boston', schema({ city: text, country: text }, ['city', 'country']))).toEqual({});
  });
});

/** A weather tool whose description is vague, or clear. */
function forecastTools(description: string, calls: unknown[]) {
  return {
    get_forecast: tool({
      description,
      inputSchema: jsonSchema<{ city?: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
      execute: async ({ city }) => {
        calls.push(city);
        return `Forecast for ${city}: rain`;
      },
    }),
    list_notes: tool({ description: 'List the notes', inputSchema: jsonSchema({ type: 'object', properties: {} }), execute: async () => '[]' }),
  };
}

const TASKS = ['What is the weather in Boston?', 'Will it rain in Paris tomorrow?', 'Weather report for New York, please', 'Is the weather in Rome sunny?'];

describe.each<[ProviderName, boolean]>([
  ['openai-compatible', false],
  ['anthropic', true],
])('through the AI SDK (%s, stream %s)', (provider, stream) => {
  it('a clearer description moves the pass rate', async () => {
    const model = await startScriptedModel({ lexical: true });
    try {
      const passRate = async (description: string) => {
        let passes = 0;
        for (const prompt of TASKS) {
          const calls: unknown[] = [];
          const options = { model: providerModel(provider, model), prompt, tools: forecastTools(description, calls), stopWhen: stepCountIs(3) };
          const text = stream ? await streamText({ ...options, onError: () => {} }).text : (await generateText(options)).text;
          if (calls.length === 1 && text.startsWith('Forecast for')) passes += 1;
        }
        return passes / TASKS.length;
      };
      expect(await passRate('Returns data for a location.')).toBe(0);
      expect(await passRate('Get the weather forecast (rain, sun) of a city')).toBe(1);
    } finally {
      await model.close();
    }
  });
});
