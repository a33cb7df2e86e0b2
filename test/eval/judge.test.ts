import { describe, expect, it } from 'vitest';
import { judgeRun, type JudgedRun } from '../../src/eval/judge.js';
import type { EvalTask, Expectation, ToolCallRecord } from '../../src/eval/types.js';

const task = (expectation: Expectation): EvalTask => ({ id: 't', prompt: 'p', tags: [], holdout: false, expect: expectation });

const call = (name: string, args: unknown = {}, result?: unknown): ToolCallRecord => ({
  name,
  calledAs: name,
  arguments: args,
  invalidArguments: false,
  isError: false,
  resultBytes: 0,
  ...(result === undefined ? {} : { result }),
  ms: 1,
});

/** Calls spread over two turns, as a real run has them. */
const run = (answer: string, calls: ToolCallRecord[] = []): JudgedRun => ({
  answer,
  turns: [
    { text: '', toolCalls: calls.slice(0, 1), inputTokens: 1, outputTokens: 1, modelMs: 1, finishReason: 'tool-calls' },
    { text: answer, toolCalls: calls.slice(1), inputTokens: 1, outputTokens: 1, modelMs: 1, finishReason: 'stop' },
  ],
});

const weather = (city: string, temperature = 21) =>
  call('get_weather', { city }, { content: [{ type: 'text', text: JSON.stringify({ temperature, sky: 'clear' }) }] });

describe('judgeRun: the answer', () => {
  it('exact: passes on the same text (ends trimmed), fails on another, quoting both', () => {
    const t = task({ answer: { exact: 'Sunny, 21 °C' } });
    expect(judgeRun(t, run('Sunny, 21 °C\n'))).toEqual([]);
    expect(judgeRun(t, run('Rainy, 12 °C'))).toEqual(['answer: is not exactly "Sunny, 21 °C" (answer: "Rainy, 12 °C")']);
  });

  it('contains: every string must appear (case-sensitive); the missing ones are named', () => {
    const t = task({ answer: { contains: ['Boston', '21'] } });
    expect(judgeRun(t, run('In Boston it is 21 °C.'))).toEqual([]);
    expect(judgeRun(t, run('In boston it is 21 °C.'))).toEqual(['answer: does not contain "Boston" (answer: "In boston it is 21 °C.")']);
    expect(judgeRun(task({ answer: { contains: 'Boston' } }), run(''))).toEqual(['answer: does not contain "Boston" (the run gave no answer)']);
  });

  it('regex: a search, with flags; the pattern is shown', () => {
    const t = task({ answer: { regex: '\\b2\\d ?°C', flags: 'i' } });
    expect(judgeRun(t, run('It is 21 °c now'))).toEqual([]);
    expect(judgeRun(t, run('It is 12 °C now'))).toEqual(['answer: does not match /\\b2\\d ?°C/i (answer: "It is 12 °C now")']);
  });

  it('a regex runs in linear time: a catastrophic pattern on a long answer stays fast', () => {
    const started = performance.now();
    expect(judgeRun(task({ answer: { regex: '^(a+)+$' } }), run(`${'a'.repeat(100_000)}!`))).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('a long or multi-line answer is quoted on one clipped line', () => {
    const [reason] = judgeRun(task({ answer: { exact: 'x' } }), run(`line one\nline two ${'z'.repeat(500)}`));
    expect(reason).toMatch(/^answer: is not exactly "x" \(answer: "line one\\\\nline two z+…"\)$/);
    expect(reason?.length).toBeLessThan(200);
  });
});

describe('judgeRun: expected tool calls', () => {
  it('a name alone: passes when called, fails naming the calls that were made', () => {
    const t = task({ toolCalls: [{ name: 'get_weather' }] });
    expect(judgeRun(t, run('', [call('search'), weather('Boston')]))).toEqual([]);
    expect(judgeRun(t, run('', [call('search'), call('get_forecast')]))).toEqual([
      'toolCalls[0]: get_weather was not called (calls made: search, get_forecast)',
    ]);
    expect(judgeRun(t, run('I do not know'))).toEqual(['toolCalls[0]: get_weather was not called (no tool was called)']);
  });

  it('a tool the model made up is named as it was called', () => {
    const made = { ...call('', {}), calledAs: 'getWeather' };
    expect(judgeRun(task({ toolCalls: [{ name: 'get_weather' }] }), run('', [made]))).toEqual([
      'toolCalls[0]: get_weather was not called (calls made: unknown tool "getWeather")',
    ]);
  });

  it('arguments exact: equal objects pass; a different value and an extra key are both named', () => {
    const t = task({ toolCalls: [{ name: 'get_weather', arguments: { exact: { city: 'Boston' } } }] });
    expect(judgeRun(t, run('', [weather('Boston')]))).toEqual([]);
    expect(judgeRun(t, run('', [call('get_weather', { city: 'Boston', units: 'F' })]))).toEqual([
      'toolCalls[0]: get_weather was called once, never with matching arguments (units was given ("F") but exact does not have it)',
    ]);
    expect(judgeRun(t, run('', [weather('boston')]))).toEqual([
      'toolCalls[0]: get_weather was called once, never with matching arguments (city is "boston", expected "Boston")',
    ]);
  });

  it('arguments subset: other keys may be there; a missing or different key fails', () => {
    const t = task({ toolCalls: [{ name: 'get_weather', arguments: { subset: { city: 'Boston', days: 2 } } }] });
    expect(judgeRun(t, run('', [call('get_weather', { city: 'Boston', days: 2, units: 'C' })]))).toEqual([]);
    expect(judgeRun(t, run('', [call('get_weather', { city: 'Boston' })]))).toEqual([
      'toolCalls[0]: get_weather was called once, never with matching arguments (days is missing (expected 2))',
    ]);
    expect(judgeRun(t, run('', [call('get_weather', { city: 'Boston', days: '2' })]))).toEqual([
      'toolCalls[0]: get_weather was called once, never with matching arguments (days is "2", expected 2)',
    ]);
  });

  it('arguments regex: each named argument must match (non-strings as JSON)', () => {
    const t = task({ toolCalls: [{ name: 'get_weather', arguments: { regex: { city: '^Bos', days: '^[1-3]$' } } }] });
    expect(judgeRun(t, run('', [call('get_weather', { city: 'Boston', days: 2 })]))).toEqual([]);
    expect(judgeRun(t, run('', [call('get_weather', { city: 'New Boston', days: 2 })]))).toEqual([
      'toolCalls[0]: get_weather was called once, never with matching arguments (city "New Boston" does not match /^Bos/)',
    ]);
    expect(judgeRun(t, run('', [call('get_weather', { city: 'Boston' })]))).toEqual([
      'toolCalls[0]: get_weather was called once, never with matching arguments (days is missing)',
    ]);
  });

  it('arguments schema: validated with JSON Schema; the violation is named', () => {
    const schema = { type: 'object', properties: { days: { type: 'integer', maximum: 7 } }, required: ['days'] };
    const t = task({ toolCalls: [{ name: 'get_weather', arguments: { schema } }] });
    expect(judgeRun(t, run('', [call('get_weather', { days: 3 })]))).toEqual([]);
    const [reason] = judgeRun(t, run('', [call('get_weather', { days: 30 })]));
    expect(reason).toMatch(
      /^toolCalls\[0\]: get_weather was called once, never with matching arguments \(the arguments do not match the schema: \/days must be <= 7/,
    );
  });

  it('a call with no arguments is judged as {}', () => {
    const t = task({ toolCalls: [{ name: 'list_notes', arguments: { exact: {} } }] });
    expect(judgeRun(t, run('', [call('list_notes', undefined)]))).toEqual([]);
  });

  it('several calls of a tool with other arguments: says how many, and why the first failed', () => {
    const t = task({ toolCalls: [{ name: 'get_weather', arguments: { subset: { city: 'Boston' } } }] });
    expect(judgeRun(t, run('', [weather('Paris'), weather('Rome')]))).toEqual([
      'toolCalls[0]: get_weather was called 2 times, never with matching arguments (first call: city is "Paris", expected "Boston")',
    ]);
  });

  it('unordered: each expected call needs a call of its own', () => {
    const t = task({ toolCalls: [{ name: 'get_weather' }, { name: 'get_weather', arguments: { subset: { city: 'Boston' } } }] });
    expect(judgeRun(t, run('', [weather('Boston'), weather('Paris')]))).toEqual([]);
    expect(judgeRun(t, run('', [weather('Boston')]))).toEqual([
      'toolCalls[1]: the get_weather call(s) that match it (#1) are all matched to other expected calls; each expected call needs a call of its own',
    ]);
  });

  it('unordered: the order of the calls does not matter', () => {
    const t = task({ toolCalls: [{ name: 'add_note' }, { name: 'get_note' }] });
    expect(judgeRun(t, run('', [call('get_note'), call('add_note')]))).toEqual([]);
  });

  it('ordered: a subsequence passes (other calls between); another order fails, showing the order', () => {
    const t = task({ toolCalls: [{ name: 'add_note' }, { name: 'get_note' }], ordered: true });
    expect(judgeRun(t, run('', [call('add_note'), call('list_notes'), call('get_note')]))).toEqual([]);
    expect(judgeRun(t, run('', [call('get_note'), call('add_note')]))).toEqual([
      'toolCalls[1]: get_note was called, but not after the calls matched before it (ordered: true; order of calls: get_note, add_note)',
    ]);
    expect(judgeRun(t, run('', [call('add_note')]))).toEqual(['toolCalls[1]: get_note was not called (calls made: add_note)']);
  });
});

describe('judgeRun: forbidden tools and the most calls', () => {
  it('forbiddenTools: passes when not called, fails saying how often it was', () => {
    const t = task({ forbiddenTools: ['delete_note'] });
    expect(judgeRun(t, run('', [call('get_note')]))).toEqual([]);
    expect(judgeRun(t, run('', [call('delete_note'), call('delete_note')]))).toEqual(['forbiddenTools: delete_note was called (2 times)']);
  });

  it('maxCalls: at most that many calls of any tool', () => {
    const t = task({ maxCalls: 2 });
    expect(judgeRun(t, run('', [call('a'), call('b')]))).toEqual([]);
    expect(judgeRun(t, run('', [call('a'), call('b'), call('a')]))).toEqual(['maxCalls: 3 tool call(s) were made, at most 2 allowed (a, b, a)']);
    expect(judgeRun(task({ maxCalls: 0 }), run('hi'))).toEqual([]);
  });
});

describe('judgeRun: values in tool results', () => {
  it('equals on a text content parsed as JSON', () => {
    const t = task({ toolResult: [{ tool: 'get_weather', path: '$.temperature', equals: 21 }] });
    expect(judgeRun(t, run('', [weather('Boston', 21)]))).toEqual([]);
    expect(judgeRun(t, run('', [weather('Boston', 18)]))).toEqual(['toolResult[0]: $.temperature is 18, expected 21']);
  });

  it('structuredContent is preferred over the text', () => {
    const t = task({ toolResult: [{ path: '$.notes[*].id', equals: 'n2' }] });
    const result = { content: [{ type: 'text', text: '{"notes": []}' }], structuredContent: { notes: [{ id: 'n1' }, { id: 'n2' }] } };
    expect(judgeRun(t, run('', [call('list_notes', {}, result)]))).toEqual([]);
    const other = { content: [], structuredContent: { notes: [{ id: 'n1' }, { id: 'n3' }] } };
    expect(judgeRun(t, run('', [call('list_notes', {}, other)]))).toEqual(['toolResult[0]: $.notes[*].id is "n1" (and 1 other value(s)), expected "n2"']);
  });

  it('a path that finds nothing fails, even without equals', () => {
    const t = task({ toolResult: [{ tool: 'get_weather', path: '$.humidity' }] });
    expect(judgeRun(task({ toolResult: [{ tool: 'get_weather', path: '$.sky' }] }), run('', [weather('Boston')]))).toEqual([]);
    expect(judgeRun(t, run('', [weather('Boston')]))).toEqual(['toolResult[0]: $.humidity found nothing in 1 result(s) of get_weather']);
  });

  it('matches: a text matcher on the value found (non-strings as JSON)', () => {
    const t = task({ toolResult: [{ tool: 'get_weather', path: '$.sky', matches: { regex: '^(clear|sunny)$' } }] });
    expect(judgeRun(t, run('', [weather('Boston')]))).toEqual([]);
    const cloudy = call('get_weather', {}, { content: [{ type: 'text', text: '{"sky": "cloudy"}' }] });
    expect(judgeRun(t, run('', [cloudy]))).toEqual(['toolResult[0]: $.sky does not match /^(clear|sunny)$/ (found "cloudy")']);
  });

  it('a plain text result is read by $ as a string', () => {
    const t = task({ toolResult: [{ path: '$', matches: { contains: 'sunny' } }] });
    expect(judgeRun(t, run('', [call('forecast', {}, { content: [{ type: 'text', text: 'sunny all week' }] })]))).toEqual([]);
  });

  it('any of several results may hold the value', () => {
    const t = task({ toolResult: [{ tool: 'get_weather', path: '$.temperature', equals: 21 }] });
    expect(judgeRun(t, run('', [weather('Paris', 12), weather('Boston', 21)]))).toEqual([]);
  });

  it('no result to look in: the tool was not called, or every call failed', () => {
    const t = task({ toolResult: [{ tool: 'get_weather', path: '$.temperature' }] });
    expect(judgeRun(t, run('', [call('search')]))).toEqual(['toolResult[0]: no result of get_weather to look in (it was not called)']);
    expect(judgeRun(t, run('', [{ ...call('get_weather'), isError: true, error: 'timeout' }]))).toEqual([
      'toolResult[0]: no result of get_weather to look in (every call failed)',
    ]);
  });
});

describe('judgeRun: the run itself', () => {
  it('a run with an error fails with that error as its reason', () => {
    const t = task({ toolCalls: [{ name: 'get_weather' }] });
    expect(judgeRun(t, { ...run('', [weather('Boston')]), error: 'timed out after 60000 ms' })).toEqual(['timed out after 60000 ms']);
  });

  it('every failing condition gives its own reason', () => {
    const t = task({ answer: { contains: 'Boston' }, toolCalls: [{ name: 'get_weather' }], forbiddenTools: ['delete_note'], maxCalls: 1 });
    expect(judgeRun(t, run('no idea', [call('delete_note'), call('search')]))).toHaveLength(4);
  });
});
