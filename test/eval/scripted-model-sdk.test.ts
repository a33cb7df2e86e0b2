/**
 * The scripted model through the real AI SDK 6 provider code: both protocols, streaming and not,
 * with multi-step tool loops (tools with execute, stopWhen), as `mcpvet eval` will drive it.
 */
import { generateText, jsonSchema, Output, stepCountIs, streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModel, startScriptedModel } from '../../src/eval/scripted/server.js';
import { type ProviderName, providerModel, weatherTools } from '../helpers/scripted-model.js';

const SCRIPT = {
  rules: [
    {
      match: { contains: 'weather in Boston' },
      replies: [{ tool: 'get_weather', arguments: { city: 'Boston' } }, { answer: 'It is {{lastToolResult}}.' }],
    },
    {
      match: { contains: 'two cities' },
      replies: [
        {
          tools: [
            { tool: 'get_weather', arguments: { city: 'Paris' } },
            { tool: 'get_weather', arguments: { city: 'Rome' } },
          ],
        },
        { answer: 'Both: {{lastToolResult}}' },
      ],
    },
  ],
};

let model: ScriptedModel;
beforeAll(async () => {
  model = await startScriptedModel({ script: SCRIPT });
});
afterAll(() => model.close());

/** The scripted model's token estimate of a logged request body: ceil(characters / 4) of its messages and tools. */
function expectedInputTokens(protocol: 'openai' | 'anthropic', body: any): number {
  const counted =
    protocol === 'openai'
      ? { messages: body.messages, tools: body.tools ?? [] }
      : { system: body.system ?? null, messages: body.messages, tools: body.tools ?? [] };
  return Math.ceil(JSON.stringify(counted).length / 4);
}

async function ask(provider: ProviderName, stream: boolean, prompt: string, calls: unknown[]) {
  const options = { model: providerModel(provider, model), prompt, tools: weatherTools(calls), stopWhen: stepCountIs(5) };
  if (!stream) return generateText(options);
  const result = streamText({ ...options, onError: () => {} });
  return { text: await result.text, steps: await result.steps, totalUsage: await result.totalUsage };
}

const COMBINATIONS: Array<[ProviderName, boolean]> = [
  ['openai-compatible', false],
  ['openai-compatible', true],
  ['anthropic', false],
  ['anthropic', true],
  ['openai', false],
  ['openai', true],
];

describe.each(COMBINATIONS)('%s provider, stream %s', (provider, stream) => {
  const protocol = provider === 'anthropic' ? 'anthropic' : 'openai';

  it('runs a two-step tool loop: the scripted call, the real tool, the answer with its result', async () => {
    const before = model.requests().length;
    const calls: unknown[] = [];
    const result = await ask(provider, stream, 'What is the weather in Boston right now?', calls);

    expect(result.text).toBe('It is sunny in Boston.');
    expect(calls).toEqual([{ city: 'Boston' }]);
    expect(result.steps.map((step) => step.finishReason)).toEqual(['tool-calls', 'stop']);
    expect(result.steps[0]?.toolCalls.map((call) => [call.toolName, call.input])).toEqual([['get_weather', { city: 'Boston' }]]);

    const requests = model.requests().slice(before);
    expect(requests.map((request) => request.protocol)).toEqual([protocol, protocol]);
    expect(requests.map((request: any) => request.body.stream === true)).toEqual([stream, stream]);
    // The tool result went back as the protocol says: a tool message, or a tool_result block in a user message.
    const last = (requests[1] as any).body.messages.at(-1);
    if (protocol === 'openai') expect(last).toMatchObject({ role: 'tool', tool_call_id: 'call_r0_o0_t0_0', content: 'sunny in Boston' });
    else expect(last).toMatchObject({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_r0_o0_t0_0', content: 'sunny in Boston' }] });
    // Usage is the deterministic estimate: ceil(characters / 4) in; out, the call (name + JSON arguments) then the answer.
    expect(result.totalUsage.inputTokens).toBe(requests.reduce((sum, request) => sum + expectedInputTokens(protocol, request.body), 0));
    expect(result.totalUsage.outputTokens).toBe(Math.ceil('get_weather{"city":"Boston"}'.length / 4) + Math.ceil('It is sunny in Boston.'.length / 4));
  });

  it('makes several calls in one turn', async () => {
    const calls: unknown[] = [];
    const result = await ask(provider, stream, 'Compare the weather of two cities', calls);
    expect(calls).toEqual([{ city: 'Paris' }, { city: 'Rome' }]);
    expect(result.steps).toHaveLength(2);
    expect(result.text).toBe('Both: sunny in Rome');
  });

  it('answers the fallback when no rule matches, without calling a tool', async () => {
    const calls: unknown[] = [];
    const result = await ask(provider, stream, 'Tell me a joke', calls);
    expect(result.text).toBe('I cannot help with that.');
    expect(calls).toEqual([]);
    expect(result.steps).toHaveLength(1);
  });
});

describe('the request log', () => {
  it('shows what the model saw: tool names, descriptions and schemas, per protocol', async () => {
    const before = model.requests().length;
    await ask('anthropic', false, 'What is the weather in Boston?', []);
    await ask('openai-compatible', true, 'What is the weather in Boston?', []);
    const [anthropic, , openai] = model.requests().slice(before) as any[];
    expect(anthropic.protocol).toBe('anthropic');
    expect(anthropic.body.tools[0]).toMatchObject({
      name: 'get_weather',
      description: 'Get the current weather of a city',
      input_schema: { required: ['city'] },
    });
    expect(openai.protocol).toBe('openai');
    expect(openai.body.tools[0].function).toMatchObject({ name: 'get_weather', description: 'Get the current weather of a city' });
    expect(openai.body.stream_options).toEqual({ include_usage: true });
  });
});

describe('scripted mistakes and judges, through the SDK', () => {
  const MISTAKES = {
    rules: [
      {
        match: { contains: 'wrong tool' },
        replies: [{ tool: 'delete_all', arguments: {} }, { answer: 'after: {{lastToolResult}}' }],
      },
      { match: { contains: 'judge' }, replies: [{ answer: '{"pass": true, "reasoning": "the answer names the city"}' }] },
    ],
  };
  let mistakes: ScriptedModel;
  beforeAll(async () => {
    mistakes = await startScriptedModel({ script: MISTAKES });
  });
  afterAll(() => mistakes.close());

  it.each(COMBINATIONS)('%s (stream %s): a call of a tool not offered is a tool error, and the loop goes on', async (provider, stream) => {
    const calls: unknown[] = [];
    const options = { model: providerModel(provider, mistakes), prompt: 'call the wrong tool', tools: weatherTools(calls), stopWhen: stepCountIs(4) };
    const steps = stream ? await streamText({ ...options, onError: () => {} }).steps : (await generateText(options)).steps;
    expect(calls).toEqual([]);
    expect(steps[0]?.content.filter((part) => part.type === 'tool-error').map((part) => part.toolName)).toEqual(['delete_all']);
    expect(steps[1]?.text).toMatch(/^after: .*delete_all/);
  });

  it.each(COMBINATIONS)('%s (stream %s): a judge gets its structured verdict from the scripted answer', async (provider, stream) => {
    const schema = jsonSchema<{ pass: boolean; reasoning: string }>({
      type: 'object',
      properties: { pass: { type: 'boolean' }, reasoning: { type: 'string' } },
      required: ['pass', 'reasoning'],
    });
    const options = { model: providerModel(provider, mistakes), prompt: 'You judge an answer. ...', output: Output.object({ schema }) };
    const verdict = stream ? await streamText({ ...options, onError: () => {} }).output : (await generateText(options)).output;
    expect(verdict).toEqual({ pass: true, reasoning: 'the answer names the city' });
  });
});
