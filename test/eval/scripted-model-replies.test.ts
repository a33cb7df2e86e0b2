/**
 * What the script makes the model say: rules in order, replies by turn, outcomes drawn in turn
 * and kept per conversation however the requests interleave, running out of replies, tool names
 * made provider-safe, wrong calls, fallbacks. Driven over raw HTTP, turn by turn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModel, type ScriptedModelOptions, startScriptedModel } from '../../src/eval/scripted/server.js';
import type { ScriptedModelScript } from '../../src/eval/scripted/script.js';

const tool = (name: string) => ({ type: 'function', function: { name, description: `the ${name} tool`, parameters: { type: 'object', properties: {} } } });
const TOOLS = ['list_notes', 'search_notes', 'get_note', 'notes_search'].map(tool);

/** One OpenAI conversation held by the test: each step sends the history and, after tool calls, their results. */
class Conversation {
  readonly messages: any[];
  readonly calls: string[] = [];
  answer: string | undefined;
  constructor(
    private readonly model: ScriptedModel,
    task: string,
    private readonly tools = TOOLS,
  ) {
    this.messages = [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: task },
    ];
  }

  /** One model turn; false once the model answered. */
  async step(): Promise<boolean> {
    const response = await fetch(`${this.model.openaiBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'scripted', messages: this.messages, tools: this.tools }),
    });
    const message = ((await response.json()) as any).choices[0].message;
    this.messages.push(message);
    if (!message.tool_calls) {
      this.answer = message.content;
      return false;
    }
    for (const call of message.tool_calls) {
      this.calls.push(`${call.function.name}(${call.function.arguments})`);
      this.messages.push({ role: 'tool', tool_call_id: call.id, content: `result of ${call.function.name}` });
    }
    return true;
  }

  async run(): Promise<this> {
    for (let turn = 0; turn < 10 && (await this.step()); turn++);
    return this;
  }
}

async function withModel<T>(options: ScriptedModelOptions, body: (model: ScriptedModel) => Promise<T>): Promise<T> {
  const model = await startScriptedModel(options);
  try {
    return await body(model);
  } finally {
    await model.close();
  }
}

const FLAKY: ScriptedModelScript = {
  rules: [
    {
      match: { contains: 'flaky task' },
      outcomes: [
        [{ tool: 'list_notes', arguments: {} }, { answer: 'listed: {{lastToolResult}}' }],
        [{ answer: "I don't know" }],
        [{ tool: 'search_notes', arguments: { q: 'x' } }, { tool: 'get_note', arguments: { id: 1 } }, { answer: 'found' }],
      ],
    },
  ],
};
const OUTCOMES = [
  { calls: ['list_notes({})'], answer: 'listed: result of list_notes' },
  { calls: [], answer: "I don't know" },
  { calls: ['search_notes({"q":"x"})', 'get_note({"id":1})'], answer: 'found' },
];

describe('outcomes', () => {
  it('successive conversations get outcome 0, 1, 2, 0, ... cyclically', async () => {
    await withModel({ script: FLAKY }, async (model) => {
      const seen = [];
      for (let index = 0; index < 4; index++) {
        const conversation = await new Conversation(model, 'Please do the flaky task').run();
        seen.push({ calls: conversation.calls, answer: conversation.answer });
      }
      expect(seen).toEqual([OUTCOMES[0], OUTCOMES[1], OUTCOMES[2], OUTCOMES[0]]);
    });
  });

  it('a conversation keeps its outcome when many run at once and their requests interleave', async () => {
    await withModel({ script: FLAKY }, async (model) => {
      const conversations = Array.from({ length: 9 }, () => new Conversation(model, 'the flaky task, again'));
      // Every conversation takes its turn before any takes the next, in a shuffled order each round.
      let active = conversations;
      for (let round = 0; active.length > 0; round++) {
        const order = round % 2 === 0 ? active : [...active].reverse();
        const going = await Promise.all(order.map((conversation) => conversation.step()));
        active = order.filter((_, index) => going[index]);
      }
      const results = conversations.map((conversation) => ({ calls: conversation.calls, answer: conversation.answer }));
      for (const result of results) expect(OUTCOMES).toContainEqual(result);
      for (const outcome of OUTCOMES) expect(results.filter((result) => result.answer === outcome.answer)).toHaveLength(3);
    });
  });

  it('the tool-call ids carry rule, outcome, turn and index', async () => {
    await withModel({ script: FLAKY }, async (model) => {
      await new Conversation(model, 'flaky task').run();
      await new Conversation(model, 'flaky task').run();
      const conversation = await new Conversation(model, 'flaky task').run();
      const ids = conversation.messages.flatMap((message) => message.tool_calls ?? []).map((call: any) => call.id);
      expect(ids).toEqual(['call_r0_o2_t0_0', 'call_r0_o2_t1_0']);
    });
  });
});

describe('replies', () => {
  const SCRIPT: ScriptedModelScript = {
    rules: [
      {
        match: { regex: '^weather\\b', flags: 'i' },
        replies: [{ tool: 'get_weather', arguments: { city: 'Oslo' } }, { answer: 'cold: {{ lastToolResult }}' }],
      },
      { match: { contains: 'WEATHER' }, replies: [{ answer: 'second rule' }] },
      { match: { contains: 'two at once' }, replies: [{ tools: [{ tool: 'list_notes' }, { tool: 'get_note', arguments: { id: 'n1' } }] }] },
      { match: { contains: 'safe name' }, replies: [{ tool: 'notes.search', arguments: { q: 'a' } }, { answer: 'ok' }] },
      { match: { contains: 'wrong tool' }, replies: [{ tool: 'delete_everything' }, { answer: 'oops' }] },
      { match: { contains: 'long task' }, replies: [{ tool: 'list_notes' }, { answer: 'first {{lastToolResult}}' }, { tool: 'get_note' }] },
    ],
  };
  let model: ScriptedModel;
  beforeAll(async () => {
    model = await startScriptedModel({ script: SCRIPT });
  });
  afterAll(() => model.close());

  it('the first rule that matches decides; contains ignores case, regex takes its flags', async () => {
    const first = await new Conversation(model, 'Weather in Oslo?').run();
    expect(first.calls).toEqual(['get_weather({"city":"Oslo"})']);
    expect(first.answer).toBe('cold: result of get_weather');
    expect((await new Conversation(model, 'What is the weather?').run()).answer).toBe('second rule');
  });

  it('several tool calls in one turn; when the replies run out without an answer: "done"', async () => {
    const conversation = await new Conversation(model, 'two at once please').run();
    expect(conversation.calls).toEqual(['list_notes({})', 'get_note({"id":"n1"})']);
    expect(conversation.answer).toBe('done');
  });

  it('when the replies run out after an answer, the last answer again', async () => {
    const conversation = new Conversation(model, 'a long task');
    await conversation.step();
    await conversation.step();
    expect(conversation.answer).toBe('first result of list_notes');
    // The client goes on anyway: turn 2 is the get_note call, turn 3 is past the end.
    conversation.messages.push({ role: 'user', content: 'go on' });
    await conversation.step();
    expect(conversation.calls.at(-1)).toBe('get_note({})');
    await conversation.step();
    expect(conversation.answer).toBe('first result of get_note');
  });

  it('calls a script tool by the provider-safe name the request offers, exact names first', async () => {
    expect((await new Conversation(model, 'safe name').run()).calls).toEqual(['notes_search({"q":"a"})']);
    const both = await new Conversation(model, 'safe name', [...TOOLS, tool('notes.search')]).run();
    expect(both.calls).toEqual(['notes.search({"q":"a"})']);
  });

  it('calls a tool the request does not offer, as the script says (a scripted wrong call)', async () => {
    const conversation = await new Conversation(model, 'the wrong tool').run();
    expect(conversation.calls).toEqual(['delete_everything({})']);
    expect(conversation.answer).toBe('oops');
  });
});

describe('fallback', () => {
  it('answers "I cannot help with that." by default, or the answer given', async () => {
    await withModel({ script: { rules: [] } }, async (model) => {
      expect((await new Conversation(model, 'anything').run()).answer).toBe('I cannot help with that.');
    });
    await withModel({ script: { fallback: { answer: 'no script for that' } } }, async (model) => {
      expect((await new Conversation(model, 'anything').run()).answer).toBe('no script for that');
    });
  });

  it('uses the lexical policy with fallback: lexical, or with lexical: true whatever the fallback', async () => {
    const script: ScriptedModelScript = { rules: [{ match: { contains: 'scripted' }, replies: [{ answer: 'by script' }] }], fallback: { answer: 'fixed' } };
    await withModel({ script: { ...script, fallback: 'lexical' } }, async (model) => {
      const conversation = await new Conversation(model, 'search the notes').run();
      expect(conversation.calls).toEqual(['search_notes({})']);
      expect(conversation.answer).toBe('result of search_notes');
    });
    await withModel({ script, lexical: true }, async (model) => {
      expect((await new Conversation(model, 'search the notes').run()).calls).toEqual(['search_notes({})']);
      expect((await new Conversation(model, 'a scripted one').run()).answer).toBe('by script');
    });
  });
});
