/**
 * Large answers whose result text is identical share one parsed result: a run that lists
 * 200,000 tools on a dozen connections keeps one copy. Small texts and differing results are
 * parsed as they are; too-deep text is refused as before.
 */
import { describe, expect, it } from 'vitest';
import { JsonTooDeepError } from '../../src/wire/json-depth.js';
import { LineBytes } from '../../src/wire/line-bytes.js';
import { gcFunction } from '../../src/wire/gc-function.js';
import { knownResults, parseMessageText, readMessageBytes } from '../../src/wire/shared-results.js';

const tools = (count: number, suffix = '') => ({
  tools: Array.from({ length: count }, (_, i) => ({ name: `tool_${i}${suffix}`, inputSchema: { type: 'object' } })),
});
/** The bytes of `text` as the line splitter holds them: in parts of `slabBytes`, views of larger buffers. */
const slabbed = (text: string, slabBytes = 4099): LineBytes => {
  const bytes = Buffer.from(text);
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += slabBytes) {
    const part = bytes.subarray(at, at + slabBytes);
    parts.push(Buffer.concat([part, Buffer.alloc(slabBytes, '"')]).subarray(0, part.length));
  }
  return new LineBytes(parts);
};
const answer = (id: number, result: unknown, order: 'id-first' | 'result-first' = 'id-first') =>
  order === 'id-first' ? JSON.stringify({ jsonrpc: '2.0', id, result }) : `{"result":${JSON.stringify(result)},"jsonrpc":"2.0","id":${id}}`;

describe('shared results', () => {
  it('two large answers with the same result share it, each keeping its own id', () => {
    const result = tools(10_000);
    const first = parseMessageText(answer(1, result)) as Record<string, unknown>;
    const second = parseMessageText(answer(2, result, 'result-first')) as Record<string, unknown>;
    expect(second.id).toBe(2);
    expect(first.id).toBe(1);
    expect(second.result).toBe(first.result);
    expect(second.result).toEqual(result);
  });

  it('a different result is not shared', () => {
    const first = parseMessageText(answer(1, tools(10_000))) as Record<string, unknown>;
    const second = parseMessageText(answer(2, tools(10_000, 'x'))) as Record<string, unknown>;
    expect(second.result).not.toBe(first.result);
    expect((second.result as { tools: { name: string }[] }).tools[0]?.name).toBe('tool_0x');
  });

  it('small answers are parsed apart', () => {
    const result = tools(2);
    const first = parseMessageText(answer(1, result)) as Record<string, unknown>;
    const second = parseMessageText(answer(2, result)) as Record<string, unknown>;
    expect(second.result).not.toBe(first.result);
    expect(second.result).toEqual(first.result);
  });

  it('a "result" key inside the result is not mistaken for the top-level one', () => {
    const result = { ...tools(10_000), nested: { result: [1, 2] } };
    const text = answer(7, result);
    expect(parseMessageText(text)).toEqual(JSON.parse(text));
    expect(parseMessageText(answer(8, result))).toEqual({ jsonrpc: '2.0', id: 8, result });
  });

  it('too-deep text is refused, large or small', () => {
    expect(() => parseMessageText('['.repeat(600) + ']'.repeat(600))).toThrow(JsonTooDeepError);
    expect(() => parseMessageText(`{"jsonrpc":"2.0","id":1,"result":{"pad":"${'x'.repeat(300_000)}","deep":${'['.repeat(600)}${']'.repeat(600)}}}`)).toThrow(
      JsonTooDeepError,
    );
  });

  it('a large answer still in bytes gets a result parsed before, and nothing else', () => {
    const result = { ...tools(10_000), note: 'é 世界 🙂' };
    const first = parseMessageText(answer(1, result)) as Record<string, unknown>;
    const known = readMessageBytes(slabbed(answer(2, result, 'result-first')));
    if (!('message' in known)) throw new Error('expected the shared result');
    expect(known.message.id).toBe(2);
    expect(known.message.result).toBe(first.result);
    expect('message' in readMessageBytes(slabbed(answer(3, { ...result, note: 'other' })))).toBe(false);
    expect('message' in readMessageBytes(slabbed(answer(4, tools(2))))).toBe(false);
  });

  it('an unknown large answer in bytes parses its text once and is shared from then on', () => {
    const result = { ...tools(10_000), note: 'bytes first' };
    const bytes = slabbed(answer(5, result));
    const reading = readMessageBytes(bytes);
    if (!('parse' in reading)) throw new Error('expected a parser');
    const parsed = reading.parse(bytes.text()) as Record<string, unknown>;
    expect(parsed).toEqual({ jsonrpc: '2.0', id: 5, result });
    expect((parseMessageText(answer(6, result)) as Record<string, unknown>).result).toBe(parsed.result);
    const again = readMessageBytes(slabbed(answer(7, result)));
    expect('message' in again && again.message.result).toBe(parsed.result);
  });

  it("keeps a result's bytes from its second coming, for as long as the result is held", async () => {
    const resultText = JSON.stringify({ ...tools(10_000), note: 'kept' });
    const text = (id: number) => `{"jsonrpc":"2.0","id":${id},"result":${resultText}}`;
    const keptText = () => knownResults().map((bytes) => bytes.text());
    let first: Record<string, unknown> | undefined = parseMessageText(text(1)) as Record<string, unknown>;
    expect(keptText()).not.toContain(resultText);
    expect('message' in readMessageBytes(slabbed(text(2)))).toBe(true);
    expect(keptText()).toContain(resultText);
    expect(first.result).toBeDefined();
    first = undefined;
    await new Promise((resolve) => setImmediate(resolve));
    gcFunction()?.();
    expect(keptText()).not.toContain(resultText);
  });

  it('large bytes nested too deep are refused when parsed', () => {
    const text = `{"jsonrpc":"2.0","id":1,"result":{"pad":"${'x'.repeat(300_000)}","deep":${'['.repeat(600)}${']'.repeat(600)}}}`;
    const reading = readMessageBytes(slabbed(text));
    expect('parse' in reading && (() => reading.parse(text))).toThrow(JsonTooDeepError);
  });

  it('reads a line across slabs: text, length, and nothing past its end', () => {
    for (const text of ['plain', 'é 世界 🙂 x', `${'世'.repeat(5000)}🙂${'x'.repeat(3000)}`]) {
      for (const slabBytes of [1, 2, 3, 7, 4099]) {
        const line = slabbed(text, slabBytes);
        expect(line.text()).toBe(text);
        expect(line.utf16Length()).toBe(text.length);
        expect(line.indexOf(0x22, 0)).toBe(-1);
      }
    }
    expect(slabbed('é世界', 2).head(4)).toBe('é');
    expect(slabbed('é世界', 2).head(5)).toBe('é世');
    expect(slabbed('ab', 1).head(64)).toBe('ab');
    expect(slabbed('ab"cd', 2).indexOf(0x22, 1)).toBe(2);
    expect(slabbed('ab"cd', 2).text(1, 4)).toBe('b"c');
  });
});
