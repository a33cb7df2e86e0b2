/** The scripted model's wire shapes over raw HTTP: what a client of either protocol reads, byte for byte where it matters. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModel, startScriptedModel } from '../../src/eval/scripted/server.js';

const SCRIPT = {
  rules: [
    {
      match: { contains: 'weather in Boston' },
      replies: [{ tool: 'get_weather', arguments: { city: 'Boston' } }, { answer: 'It is {{lastToolResult}}.' }],
    },
  ],
};
const TOOL_SCHEMA = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
const OPENAI_TOOLS = [{ type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: TOOL_SCHEMA } }];
const ANTHROPIC_TOOLS = [{ name: 'get_weather', description: 'Weather of a city', input_schema: TOOL_SCHEMA }];
const ASK = 'What is the weather in Boston?';
const CALL_TOKENS = Math.ceil('get_weather{"city":"Boston"}'.length / 4);

let model: ScriptedModel;
beforeAll(async () => {
  model = await startScriptedModel({ script: SCRIPT });
});
afterAll(() => model.close());

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${model.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function postJson(path: string, body: unknown): Promise<any> {
  return (await post(path, body)).json();
}

/** The `data:` payloads of an SSE body, with their `event:` names (undefined when none). */
async function events(response: Response): Promise<Array<{ event?: string; data: string }>> {
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  return (await response.text())
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1] as string;
      return { event, data };
    });
}

const tokensOf = (value: unknown) => Math.ceil(JSON.stringify(value).length / 4);

describe('OpenAI chat completions', () => {
  const firstTurn = [{ role: 'user', content: ASK }];
  const secondTurn = [
    ...firstTurn,
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_r0_o0_t0_0', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Boston"}' } }],
    },
    { role: 'tool', tool_call_id: 'call_r0_o0_t0_0', content: 'sunny and warm' },
  ];

  it('answers a tool call: tool_calls with a JSON-string arguments, finish_reason tool_calls, usage', async () => {
    const response = await post('/v1/chat/completions', { model: 'm1', messages: firstTurn, tools: OPENAI_TOOLS });
    expect(response.status).toBe(200);
    const body = (await response.json()) as any;
    const promptTokens = tokensOf({ messages: firstTurn, tools: OPENAI_TOOLS });
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'm1',
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'call_r0_o0_t0_0', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Boston"}' } }],
          },
        },
      ],
      usage: { prompt_tokens: promptTokens, completion_tokens: CALL_TOKENS, total_tokens: promptTokens + CALL_TOKENS },
    });
  });

  it('answers with text after the tool result, finish_reason stop', async () => {
    const body = await postJson('/v1/chat/completions', { model: 'm1', messages: secondTurn, tools: OPENAI_TOOLS });
    expect(body.choices[0]).toMatchObject({ finish_reason: 'stop', message: { role: 'assistant', content: 'It is sunny and warm.' } });
    expect(body.choices[0].message.tool_calls).toBeUndefined();
  });

  it('streams chunks ending in [DONE], with a usage chunk when include_usage asks for it', async () => {
    const response = await post('/v1/chat/completions', {
      model: 'm1',
      messages: firstTurn,
      tools: OPENAI_TOOLS,
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = await events(response);
    expect(chunks.at(-1)?.data).toBe('[DONE]');
    const parsed = chunks.slice(0, -1).map((chunk) => JSON.parse(chunk.data));
    expect(parsed.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.model === 'm1')).toBe(true);
    const usageChunk = parsed.at(-1);
    expect(usageChunk.choices).toEqual([]);
    expect(usageChunk.usage).toEqual({
      prompt_tokens: tokensOf({ messages: firstTurn, tools: OPENAI_TOOLS }),
      completion_tokens: CALL_TOKENS,
      total_tokens: tokensOf({ messages: firstTurn, tools: OPENAI_TOOLS }) + CALL_TOKENS,
    });
    expect(parsed.at(-2).choices[0].finish_reason).toBe('tool_calls');
    const deltas = parsed.flatMap((chunk) => chunk.choices.flatMap((choice: any) => choice.delta?.tool_calls ?? []));
    expect(deltas[0]).toEqual({ index: 0, id: 'call_r0_o0_t0_0', type: 'function', function: { name: 'get_weather', arguments: '' } });
    expect(JSON.parse(deltas.map((delta: any) => delta.function.arguments).join(''))).toEqual({ city: 'Boston' });
  });

  it('streams text in pieces, and no usage without include_usage', async () => {
    const chunks = await events(await post('/v1/chat/completions', { model: 'm1', messages: secondTurn, stream: true }));
    const parsed = chunks.slice(0, -1).map((chunk) => JSON.parse(chunk.data));
    expect(parsed.map((chunk) => chunk.choices[0]?.delta?.content ?? '').join('')).toBe('It is sunny and warm.');
    expect(parsed.filter((chunk) => chunk.choices[0]?.delta?.content).length).toBeGreaterThan(1);
    expect(parsed.at(-1).choices[0].finish_reason).toBe('stop');
    expect(parsed.some((chunk) => 'usage' in chunk)).toBe(false);
  });

  it('matches the first user message, not the system prompt; content parts count as text', async () => {
    const system = await postJson('/v1/chat/completions', {
      messages: [
        { role: 'system', content: ASK },
        { role: 'user', content: 'hello' },
      ],
    });
    expect(system.choices[0].message.content).toBe('I cannot help with that.');
    const parts = await postJson('/v1/chat/completions', { messages: [{ role: 'user', content: [{ type: 'text', text: ASK }] }], tools: OPENAI_TOOLS });
    expect(parts.choices[0].finish_reason).toBe('tool_calls');
  });
});

describe('Anthropic Messages', () => {
  const firstTurn = [{ role: 'user', content: ASK }];
  const secondTurn = [
    ...firstTurn,
    { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_r0_o0_t0_0', name: 'get_weather', input: { city: 'Boston' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_r0_o0_t0_0', content: [{ type: 'text', text: 'sunny' }] }] },
  ];

  it('answers a tool_use block, stop_reason tool_use, usage', async () => {
    const response = await post('/v1/messages', { model: 'c1', max_tokens: 100, system: 'Be brief.', messages: firstTurn, tools: ANTHROPIC_TOOLS });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'c1',
      content: [{ type: 'tool_use', id: 'toolu_r0_o0_t0_0', name: 'get_weather', input: { city: 'Boston' } }],
      stop_reason: 'tool_use',
      usage: { input_tokens: tokensOf({ system: 'Be brief.', messages: firstTurn, tools: ANTHROPIC_TOOLS }), output_tokens: CALL_TOKENS },
    });
  });

  it('reads the tool_result blocks of a user message and answers end_turn', async () => {
    const body = await postJson('/v1/messages', { model: 'c1', max_tokens: 100, messages: secondTurn, tools: ANTHROPIC_TOOLS });
    expect(body).toMatchObject({ content: [{ type: 'text', text: 'It is sunny.' }], stop_reason: 'end_turn' });
  });

  it('streams the event sequence, tool input as input_json_delta', async () => {
    const stream = await events(await post('/v1/messages', { model: 'c1', max_tokens: 100, messages: firstTurn, tools: ANTHROPIC_TOOLS, stream: true }));
    const parsed = stream.map(({ event, data }) => ({ event, data: JSON.parse(data) }));
    expect(parsed.every(({ event, data }) => event === data.type)).toBe(true);
    expect(parsed.map(({ event }) => event).filter((event, index, all) => event !== all[index - 1])).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(parsed[0]?.data.message).toMatchObject({
      id: expect.stringMatching(/^msg_/),
      role: 'assistant',
      content: [],
      usage: { input_tokens: expect.any(Number) },
    });
    expect(parsed[2]?.data).toEqual({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_r0_o0_t0_0', name: 'get_weather', input: {} },
    });
    const json = parsed.filter(({ event }) => event === 'content_block_delta').map(({ data }) => data.delta.partial_json);
    expect(JSON.parse(json.join(''))).toEqual({ city: 'Boston' });
    expect(parsed.at(-2)?.data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { output_tokens: CALL_TOKENS },
    });
  });

  it('streams text as text_delta, stop_reason end_turn', async () => {
    const stream = await events(await post('/v1/messages', { model: 'c1', max_tokens: 100, messages: secondTurn, stream: true }));
    const parsed = stream.map(({ data }) => JSON.parse(data));
    expect(parsed.find((event) => event.type === 'content_block_start').content_block).toEqual({ type: 'text', text: '' });
    const text = parsed.filter((event) => event.type === 'content_block_delta').map((event) => event.delta);
    expect(text.every((delta) => delta.type === 'text_delta')).toBe(true);
    expect(text.map((delta) => delta.text).join('')).toBe('It is sunny.');
    expect(parsed.find((event) => event.type === 'message_delta').delta.stop_reason).toBe('end_turn');
  });

  it('matches the first user text, not the top-level system prompt', async () => {
    const body = await postJson('/v1/messages', { max_tokens: 10, system: ASK, messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }] });
    expect(body.content).toEqual([{ type: 'text', text: 'I cannot help with that.' }]);
  });
});

it('lists its model on GET /v1/models', async () => {
  const body = (await (await fetch(`${model.url}/v1/models`)).json()) as any;
  expect(body.data.map((entry: any) => entry.id)).toEqual(['scripted']);
});
