import { describe, expect, it } from 'vitest';
import { ByteLineSplitter } from '../../src/wire/byte-line-splitter.js';
import { LineSplitter } from '../../src/wire/line-splitter.js';

function bytesSplit(chunks: Buffer[], max = 1024) {
  const lines: string[] = [];
  const oversize: [number, string][] = [];
  const splitter = new ByteLineSplitter(max, {
    line: (bytes) => {
      expect(bytes[bytes.length - 1]).toBe(0x0a);
      lines.push(bytes.toString('utf8', 0, bytes.length - 1));
    },
    oversize: (bytes, head) => oversize.push([bytes, head]),
  });
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return { lines, oversize };
}

function textSplit(chunks: Buffer[], max = 1024) {
  const lines: string[] = [];
  const oversize: [number, string][] = [];
  const splitter = new LineSplitter(max, { line: (text) => lines.push(text), oversize: (bytes, head) => oversize.push([bytes, head]) });
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return { lines, oversize };
}

/** `bytes` cut at pseudo-random places (a fixed seed, so a failure repeats). */
function chunked(bytes: Buffer, seed: number): Buffer[] {
  const chunks: Buffer[] = [];
  let state = seed;
  let at = 0;
  while (at < bytes.length) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const size = 1 + (state % 7);
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

describe('ByteLineSplitter', () => {
  it('splits as LineSplitter does, however the bytes are cut', () => {
    const input = Buffer.concat([
      Buffer.from('{"a":1}\n{"b":"世界"}\r\n\r\n\n'),
      Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a]), // not UTF-8
      Buffer.from('\r\n'),
      Buffer.from('\r\r\n'),
      Buffer.from('last without newline'),
    ]);
    for (let seed = 1; seed < 40; seed++) {
      const chunks = chunked(input, seed);
      expect(bytesSplit(chunks)).toEqual(textSplit(chunks));
    }
    expect(bytesSplit([input])).toEqual(textSplit([input]));
  });

  it('replaces bytes that are not UTF-8 as decoding would', () => {
    expect(bytesSplit([Buffer.from([0x61, 0xff, 0x62, 0x0a])]).lines).toEqual(['a\uFFFDb']);
  });

  it('drops a line over the cap, whole or in pieces, reports its size and head, and goes on', () => {
    const input = Buffer.from(`${'x'.repeat(600)}${'y'.repeat(600)}\nnext\n${'z'.repeat(1500)}\nlast\n`);
    for (const chunks of [[input], chunked(input, 3), [input.subarray(0, 600), input.subarray(600)]]) {
      const result = bytesSplit(chunks, 1000);
      expect(result).toEqual(textSplit(chunks, 1000));
      expect(result.lines).toEqual(['next', 'last']);
      expect(result.oversize.map(([bytes]) => bytes)).toEqual([1200, 1500]);
      expect(result.oversize[0]?.[1]).toBe('x'.repeat(200));
    }
  });

  it('passes a whole line in one chunk on without copying it', () => {
    const chunk = Buffer.from('{"a":1}\n{"b":2}\n');
    const seen: Buffer[] = [];
    new ByteLineSplitter(1024, { line: (bytes) => seen.push(bytes), oversize: () => {} }).push(chunk);
    expect(seen.map((bytes) => bytes.buffer === chunk.buffer)).toEqual([true, true]);
  });
});
