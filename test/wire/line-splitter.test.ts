import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../src/wire/line-splitter.js';

function split(chunks: (string | Buffer)[], max = 1024) {
  const lines: string[] = [];
  const oversize: number[] = [];
  const splitter = new LineSplitter(max, { line: (text) => lines.push(text), oversize: (bytes) => oversize.push(bytes) });
  for (const chunk of chunks) splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  splitter.end();
  return { lines, oversize };
}

describe('LineSplitter', () => {
  it('joins a line split across chunks and splits several lines in one chunk', () => {
    expect(split(['{"a":', '1}\n{"b":2}\n{"c"', ':3}']).lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it('keeps a multi-byte character split across chunks intact', () => {
    const bytes = Buffer.from('"世界"\n');
    expect(split([bytes.subarray(0, 2), bytes.subarray(2)]).lines).toEqual(['"世界"']);
  });

  it('drops CR of CRLF and skips empty lines', () => {
    expect(split(['a\r\n\r\nb\n']).lines).toEqual(['a', 'b']);
  });

  it('drops a line over the cap, reports its size, and goes on with the next line', () => {
    const result = split(['x'.repeat(600), 'y'.repeat(600), '\nnext\n'], 1000);
    expect(result.lines).toEqual(['next']);
    expect(result.oversize).toEqual([1200]);
  });

  it('gives the lines a whole-text decode gives, however the bytes are chunked', () => {
    const text = Buffer.concat([Buffer.from('{"a":"世界 🙂"}\r\n'), Buffer.from([0xe4, 0x0a, 0xff, 0x41, 0x0a]), Buffer.from(`${'x'.repeat(3000)}é\n\nlast`)]);
    const expected = text
      .toString('utf8')
      .split('\n')
      .map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line))
      .filter((line) => line.length > 0);
    for (const size of [1, 2, 3, 5, 64, 1000, 4096]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < text.length; at += size) chunks.push(text.subarray(at, at + size));
      expect(split(chunks, 10_000).lines).toEqual(expected);
    }
  });

  it('a line larger than the buffer pool comes out whole', () => {
    const long = `${'é'.repeat(3_000_000)}${'x'.repeat(3_000_000)}`;
    const bytes = Buffer.from(`${long}\nafter\n`);
    const chunks: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += 65_536) chunks.push(bytes.subarray(at, at + 65_536));
    const { lines } = split(chunks, 64 * 1024 * 1024);
    expect(lines.length).toBe(2);
    expect(lines[0] === long).toBe(true);
    expect(lines[1]).toBe('after');
  });
});
