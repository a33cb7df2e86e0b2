/**
 * LineSplitter's rules on bytes, for a relay that forwards lines without reading them: decoding a
 * line to text and encoding it again cost the stdio relay more than passing it on. The same rules
 * hold: a line over `maxLineBytes` is dropped (reported once with its size) without ever holding
 * more than that, one trailing CR is removed, empty lines are skipped, and bytes that are not UTF-8
 * become U+FFFD as the text path makes them.
 */
import { isUtf8 } from 'node:buffer';
import type { LineSplitterEvents } from './line-splitter.js';

export interface ByteLineSplitterEvents {
  /** One line with its '\n'; often a view into the chunk pushed (Node never reuses a chunk's memory). */
  line(bytes: Buffer): void;
  oversize: LineSplitterEvents['oversize'];
}

const LF = 0x0a;
const CR = 0x0d;
const NEWLINE = Buffer.from('\n');
/** Characters of an oversize line kept for its report, as LineSplitter keeps. */
const HEAD_CHARS = 200;

export class ByteLineSplitter {
  /** The start of a line whose end has not come yet. */
  private pending: Buffer[] = [];
  private pendingLength = 0;
  private discarding = false;
  private discarded = 0;
  private discardedHead = '';

  constructor(
    private readonly maxLineBytes: number,
    private readonly events: ByteLineSplitterEvents,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(LF, start);
      if (newline === -1) {
        this.accept(chunk.subarray(start));
        return;
      }
      // The common case, a whole line inside one chunk, is passed on without a copy.
      if (this.pendingLength === 0 && !this.discarding && newline - start <= this.maxLineBytes) this.emit(chunk.subarray(start, newline + 1));
      else {
        this.accept(chunk.subarray(start, newline));
        this.finishLine();
      }
      start = newline + 1;
    }
  }

  /** Emits whatever is left when the stream ends. */
  end(): void {
    if (this.pendingLength > 0 || this.discarding) this.finishLine();
  }

  private accept(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.discarding) {
      this.discarded += piece.length;
      return;
    }
    if (this.pendingLength + piece.length > this.maxLineBytes) {
      this.discarding = true;
      this.discarded = this.pendingLength + piece.length;
      // Enough bytes for HEAD_CHARS characters, copied without the rest.
      const head = Buffer.concat([...this.pending, piece], Math.min(this.discarded, 4 * HEAD_CHARS));
      this.discardedHead = head.toString('utf8').slice(0, HEAD_CHARS);
      this.pending = [];
      this.pendingLength = 0;
      return;
    }
    this.pending.push(piece);
    this.pendingLength += piece.length;
  }

  private finishLine(): void {
    if (this.discarding) {
      this.events.oversize(this.discarded, this.discardedHead);
      this.discarding = false;
      this.discarded = 0;
      this.discardedHead = '';
      return;
    }
    const line = Buffer.concat([...this.pending, NEWLINE]);
    this.pending = [];
    this.pendingLength = 0;
    this.emit(line);
  }

  /** `line` ends with '\n'. */
  private emit(line: Buffer): void {
    let end = line.length - 1;
    if (end > 0 && line[end - 1] === CR) end--;
    if (end === 0) return;
    let out = end === line.length - 1 ? line : Buffer.concat([line.subarray(0, end), NEWLINE]);
    if (!isUtf8(out)) out = Buffer.from(out.toString('utf8'));
    this.events.line(out);
  }
}
