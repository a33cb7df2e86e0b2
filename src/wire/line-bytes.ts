/**
 * A line's bytes as the line splitter holds them: in parts (views of its slabs, and of a known
 * result it matched as it arrived), not joined. The scans a large answer needs (its result's
 * span, digest and length) read the parts where they are, and only a text that must be parsed is
 * decoded; joining each 2.8 MB listing into one buffer first left a native copy of it as garbage
 * per listing.
 */
import { isAscii } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';

/** What holds a line's storage (the line splitter's slabs). */
export interface LineOwner {
  /** The storage may be reused now: the bytes are not read again. */
  release(): void;
  /** Keeps [from, to) for good, out of the storage's reuse (a known result's bytes); undefined when it cannot. */
  keep(from: number, to: number): LineBytes | undefined;
}

export class LineBytes {
  readonly length: number;
  /** Where each part starts in the line. */
  private readonly starts: number[] = [];
  /** The part the last lookup landed in: scans move forward, a byte or two back at most. */
  private last = 0;

  /** The line is `parts` one after the other (each a view of exactly its bytes). */
  constructor(
    private readonly parts: readonly Buffer[],
    private readonly owner?: LineOwner,
    /** A known result the line splitter matched byte for byte as it arrived, and where it starts. */
    readonly matched?: { result: LineBytes; at: number },
  ) {
    let length = 0;
    for (const part of parts) {
      this.starts.push(length);
      length += part.length;
    }
    this.length = length;
  }

  /** One buffer as a line. */
  static of(buffer: Buffer): LineBytes {
    return new LineBytes([buffer]);
  }

  /** Lets the storage be reused before the handler returns (a 13 MB line's slabs, before its text is parsed). */
  release(): void {
    this.owner?.release();
  }

  /** [from, to) kept for good: in place when the line's storage allows it, else copied. */
  keep(from: number, to: number): LineBytes {
    return this.owner?.keep(from, to) ?? new LineBytes([Buffer.concat(this.pieces(from, to))]);
  }

  /** Whether `chunk`'s [from, from + count) equals this line's bytes from `at`. */
  matches(at: number, chunk: Buffer, from: number, count: number): boolean {
    let offset = at;
    let start = from;
    const end = from + count;
    while (start < end) {
      const part = this.partOf(offset);
      const inPart = offset - (this.starts[part] as number);
      const bytes = this.parts[part] as Buffer;
      const length = Math.min(end - start, bytes.length - inPart);
      if (length <= 0 || chunk.compare(bytes, inPart, inPart + length, start, start + length) !== 0) return false;
      offset += length;
      start += length;
    }
    return true;
  }

  byteAt(index: number): number {
    const part = this.partOf(index);
    return (this.parts[part] as Buffer)[index - (this.starts[part] as number)] as number;
  }

  /** The first index of `byte` at or after `from`, or -1. */
  indexOf(byte: number, from: number): number {
    if (from >= this.length) return -1;
    for (let part = this.partOf(from); part < this.parts.length; part++) {
      const start = this.starts[part] as number;
      const found = (this.parts[part] as Buffer).indexOf(byte, Math.max(0, from - start));
      if (found !== -1) return start + found;
    }
    return -1;
  }

  /** Views of the parts covering [from, to): valid only while the line is. */
  pieces(from = 0, to = this.length): Buffer[] {
    const pieces: Buffer[] = [];
    if (from >= to) return pieces;
    for (let part = this.partOf(from); part < this.parts.length && (this.starts[part] as number) < to; part++) {
      const start = this.starts[part] as number;
      const piece = (this.parts[part] as Buffer).subarray(Math.max(0, from - start), to - start);
      if (piece.length > 0) pieces.push(piece);
    }
    return pieces;
  }

  private partOf(index: number): number {
    let part = this.last;
    while (part > 0 && index < (this.starts[part] as number)) part--;
    while (part + 1 < this.parts.length && index >= (this.starts[part + 1] as number)) part++;
    this.last = part;
    return part;
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
