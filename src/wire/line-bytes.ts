/**
 * A line's bytes as the line splitter holds them: in fixed-size slabs, not joined. The scans a
 * large answer needs (its result's span, digest and length) read the slabs where they are, and
 * only a text that must be parsed is decoded; joining each 2.8 MB listing into one buffer first
 * left a native copy of it as garbage per listing.
 */
import { isAscii } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';

export class LineBytes {
  /** `slabs` are `slabBytes` long and full, but the last, which holds the rest of `length`. */
  constructor(
    private readonly slabs: readonly Buffer[],
    readonly length: number,
    private readonly slabBytes: number,
  ) {}

  /** One buffer as a line. */
  static of(buffer: Buffer): LineBytes {
    return new LineBytes([buffer], buffer.length, Math.max(buffer.length, 1));
  }

  byteAt(index: number): number {
    return (this.slabs[(index / this.slabBytes) | 0] as Buffer)[index % this.slabBytes] as number;
  }

  /** The first index of `byte` at or after `from`, or -1. */
  indexOf(byte: number, from: number): number {
    for (let slab = (from / this.slabBytes) | 0; slab < this.slabs.length; slab++) {
      const base = slab * this.slabBytes;
      const found = (this.slabs[slab] as Buffer).indexOf(byte, Math.max(0, from - base));
      // A reused slab holds older bytes past the line's end.
      if (found !== -1) return base + found < this.length ? base + found : -1;
    }
    return -1;
  }

  /** Views of the slabs covering [from, to): valid only while the line is. */
  pieces(from = 0, to = this.length): Buffer[] {
    const pieces: Buffer[] = [];
    for (let slab = (from / this.slabBytes) | 0; slab < this.slabs.length && slab * this.slabBytes < to; slab++) {
      const base = slab * this.slabBytes;
      pieces.push((this.slabs[slab] as Buffer).subarray(Math.max(0, from - base), Math.min(this.slabBytes, to - base)));
    }
    return pieces;
  }

  /** Whether [from, to) holds exactly `expected`. */
  equals(from: number, to: number, expected: Buffer): boolean {
    if (to - from !== expected.length) return false;
    for (let index = 0; index < expected.length; index++) if (this.byteAt(from + index) !== expected[index]) return false;
    return true;
  }

  /** The UTF-8 text of [from, to). */
  text(from = 0, to = this.length): string {
    const pieces = this.pieces(from, to);
    if (pieces.length === 1) return (pieces[0] as Buffer).toString('utf8');
    const decoder = new StringDecoder('utf8');
    return decodePieces(decoder, pieces) + decoder.end();
  }

  /** The text of the first `bytes` bytes, without a character they cut in two (a frame's head). */
  head(bytes: number): string {
    return decodePieces(new StringDecoder('utf8'), this.pieces(0, Math.min(bytes, this.length)));
  }

  /** How many UTF-16 characters the bytes decode to (a frame's `size`), without decoding them. */
  utf16Length(): number {
    let length = 0;
    for (const piece of this.pieces()) {
      if (isAscii(piece)) {
        length += piece.length;
        continue;
      }
      for (const byte of piece) {
        // Continuation bytes add nothing; a 4-byte character is a surrogate pair.
        if ((byte & 0xc0) !== 0x80) length++;
        if (byte >= 0xf0) length++;
      }
    }
    return length;
  }
}

/** What `decoder` makes of `pieces`, holding back a character cut at their end. */
function decodePieces(decoder: StringDecoder, pieces: Buffer[]): string {
  let text = '';
  for (const piece of pieces) text += decoder.write(piece);
  return text;
}
