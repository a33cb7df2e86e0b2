/**
 * A line whose result is byte for byte a known result is not copied as it arrives: its bytes
 * hold the known buffer in the result's place. Whatever the chunking, the line's text is the
 * text that was sent, matched or not; and bytes kept for good are never overwritten by the lines
 * that come after them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resultStartIn } from '../../src/wire/json-bytes.js';
import { LineBytes } from '../../src/wire/line-bytes.js';
import { LineSplitter } from '../../src/wire/line-splitter.js';
import { SLAB_BYTES } from '../../src/wire/line-buffers.js';
import { knownResults, parseMessageText, readMessageBytes } from '../../src/wire/shared-results.js';

const RESULT = JSON.stringify({ tools: Array.from({ length: 3000 }, (_, i) => ({ name: `tool_${i}`, description: `Looks up record ${i}.` })) });
const answer = (id: number | string, result = RESULT) => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${result}}`;

/** Lines as the splitter hands them over, decoded at once, and each line's parts. */
function split(chunks: Buffer[], known: LineBytes[], max = 64 * 1024 * 1024) {
  const lines: { text: string; parts: Buffer[] }[] = [];
  const oversize: number[] = [];
  const splitter = new LineSplitter(
    max,
    {
      line: (text) => lines.push({ text, parts: [] }),
      lineBytes: (bytes) => lines.push({ text: bytes.text(), parts: bytes.pieces() }),
      oversize: (bytes) => oversize.push(bytes),
      knownResults: () => known,
    },
    1024,
  );
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return { lines, oversize };
}

/** `text` in chunks of `size` bytes. */
const chunked = (text: string, size: number): Buffer[] => {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
};

const knownOf = (text: string) => new LineBytes([Buffer.from(text)]);
const holds = (parts: Buffer[], known: LineBytes) => parts.some((part) => known.pieces().some((piece) => piece.buffer === part.buffer));

describe('a line matching a known result', () => {
  it('holds the known bytes in place of its result, with its own envelope', () => {
    const known = knownOf(RESULT);
    const { lines } = split(chunked(`${answer(7)}\n${answer('a"b')}\r\n`, 65536), [known]);
    expect(lines.map((line) => line.text)).toEqual([answer(7), answer('a"b')]);
    for (const line of lines) expect(holds(line.parts, known)).toBe(true);
  });

  it('is found when the result comes first, and past whitespace', () => {
    const known = knownOf(RESULT);
    const text = `{ "result" :${RESULT} , "jsonrpc":"2.0","id":1}`;
    const { lines } = split(chunked(`${text}\n`, 4000), [known]);
    expect(lines[0]?.text).toBe(text);
    expect(holds(lines[0]?.parts ?? [], known)).toBe(true);
  });

  it('is copied like any line when its result differs, ends early or is longer', () => {
    const known = knownOf(RESULT);
    const differing = RESULT.replace('tool_2999', 'tool_2998');
    const texts = [answer(1, differing), answer(2, RESULT.slice(0, 50_000)), answer(3, `${RESULT.slice(0, -1)},"more":1}`), answer(4, '[1,2,3]')];
    for (const size of [1000, 65536]) {
      const { lines } = split(chunked(`${texts.join('\n')}\n`, size), [known]);
      expect(lines.map((line) => line.text)).toEqual(texts);
      for (const line of lines) expect(holds(line.parts, known)).toBe(false);
    }
  });

  it('is not looked for when a member before the result is an object', () => {
    const known = knownOf(RESULT);
    const text = `{"_meta":{"a":1},"result":${RESULT}}`;
    const { lines } = split(chunked(`${text}\n`, 4096), [known]);
    expect(lines[0]?.text).toBe(text);
    expect(holds(lines[0]?.parts ?? [], known)).toBe(false);
  });

  it('counts the matched bytes toward the line cap', () => {
    const known = knownOf(RESULT);
    const text = answer(1);
    const { lines, oversize } = split(chunked(`${text}\nnext\n`, 8192), [known], text.length - 1);
    expect(lines.map((line) => line.text)).toEqual(['next']);
    expect(oversize).toEqual([text.length]);
  });

  it('gives the text that was sent, however it is chunked and whatever it shares with the known result', () => {
    const known = knownOf(RESULT);
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constant(RESULT),
            fc.integer({ min: 1, max: RESULT.length - 1 }).map((cut) => RESULT.slice(0, cut) + RESULT.slice(cut + 1)),
          ),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.integer({ min: 1, max: 70_000 }),
        (results, size) => {
          const texts = results.map((result, id) => answer(id, result));
          const { lines } = split(chunked(`${texts.join('\n')}\n`, size), [known]);
          expect(lines.map((line) => line.text)).toEqual(texts);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('with the shared results', () => {
  it('an answer matched as it arrived reads as the shared result with its own envelope', () => {
    const result = JSON.stringify({ tools: Array.from({ length: 15_000 }, (_, i) => ({ name: `matched_${i}` })) });
    const messages: Record<string, unknown>[] = [];
    const matched: boolean[] = [];
    const splitter = new LineSplitter(
      64 * 1024 * 1024,
      {
        line: () => {},
        lineBytes: (bytes) => {
          matched.push(bytes.matched !== undefined);
          const reading = readMessageBytes(bytes);
          messages.push('message' in reading ? reading.message : (reading.parse(bytes.text()) as Record<string, unknown>));
        },
        oversize: () => {},
        knownResults,
      },
      1024,
    );
    for (const id of [1, 2, 3, 4]) for (const chunk of chunked(`${answer(id, result)}\n`, 65536)) splitter.push(chunk);
    // The first is parsed, the second found by its digest and kept, the others matched as they came.
    expect(matched).toEqual([false, false, true, true]);
    expect(messages.map((message) => message.id)).toEqual([1, 2, 3, 4]);
    for (const message of messages) expect(message.result).toBe(messages[0]?.result);
    expect(messages[3]).toEqual(parseMessageText(answer(4, result)));
  });
});

describe('bytes kept for good', () => {
  it('are not overwritten by the lines that come after them', () => {
    const kept: LineBytes[] = [];
    const texts: string[] = [];
    const splitter = new LineSplitter(
      64 * 1024 * 1024,
      {
        line: () => {},
        lineBytes: (bytes) => {
          texts.push(bytes.text());
          if (kept.length === 0) kept.push(bytes.keep(0, bytes.length));
        },
        oversize: () => {},
      },
      1024,
    );
    const big = RESULT.repeat(3);
    const first = answer(1, big);
    for (const text of [first, answer(2, big.replaceAll('tool', 'TOOL')), answer(3, big.replaceAll('record', 'RECORD'))])
      for (const chunk of chunked(`${text}\n`, 65536)) splitter.push(chunk);
    expect(first.length).toBeGreaterThan(2 * SLAB_BYTES);
    expect(texts).toHaveLength(3);
    expect(kept[0]?.text()).toBe(first);
  });

  it('can be let go early: the next line reuses the slabs and still reads right', () => {
    const texts: string[] = [];
    const splitter = new LineSplitter(
      64 * 1024 * 1024,
      {
        line: () => {},
        lineBytes: (bytes) => {
          const text = bytes.text();
          bytes.release();
          texts.push(text);
        },
        oversize: () => {},
      },
      1024,
    );
    const sent = [answer(1), answer(2, RESULT.replaceAll('tool', 'TOOL'))];
    for (const text of sent) for (const chunk of chunked(`${text}\n`, 65536)) splitter.push(chunk);
    expect(texts).toEqual(sent);
  });
});

describe('resultStartIn', () => {
  const at = (text: string) => resultStartIn(Buffer.from(text));

  it('finds the byte after the colon of the top-level result', () => {
    expect(at('{"jsonrpc":"2.0","id":1,"result":{"tools":[')).toBe('{"jsonrpc":"2.0","id":1,"result":'.length);
    expect(at(' { "id" : "a\\"b" , "result" : [')).toBe(' { "id" : "a\\"b" , "result" :'.length);
    expect(at('{"result":{}}')).toBe('{"result":'.length);
    expect(at('{"id":-1.5e3,"jsonrpc":"2.0","result":1')).toBe('{"id":-1.5e3,"jsonrpc":"2.0","result":'.length);
  });

  it("asks for more when the head ends first, and gives up on what it doesn't read", () => {
    for (const head of ['', ' ', '{', '{"jsonrpc":"2.', '{"id":12', '{"id":1,', '{"result"']) expect(at(head)).toBe('more');
    for (const head of ['[1]', '{"error":{"code":1},"result":{}', '{"ids":[1],"result":{}', 'null', '{1:2}', '{"id":1 "result":{}'])
      expect(at(head)).toBe('none');
  });
});
