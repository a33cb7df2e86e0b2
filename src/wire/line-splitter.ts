/**
 * Splits a byte stream into lines without ever holding more than `maxLineBytes` of one line.
 * A line over the cap is dropped (reported once with its size), so a 100 MB line cannot exhaust memory.
 *
 * A line inside one chunk is decoded from it; one that spans chunks is copied into pooled slabs
 * and decoded once at its end: decoding each chunk as it came kept dozens of string pieces alive
 * for the whole line, long enough to be promoted, and every 10,000-tool list left megabytes of
 * them for the next full GC.
 */
import { giveBack, SLAB_BYTES, takeSlab } from './line-buffers.js';
import { LineBytes } from './line-bytes.js';

const NEWLINE = 0x0a;
const CR = 0x0d;
/** Bytes decoded for the head of an oversize line (at least 200 characters of UTF-8). */
const HEAD_BYTES = 1024;

export interface LineSplitterEvents {
  line(text: string): void;
  /**
   * When given, lines of at least `bytesFrom` bytes come here undecoded (the handler decodes what
   * it needs). The bytes are reused once it returns: copy what must outlive the call.
   */
  lineBytes?(bytes: LineBytes): void;
  oversize(bytesSeen: number, head: string): void;
}

export class LineSplitter {
  /** The line so far: full slabs, then the one being filled. */
  private slabs: Buffer[] = [];
  private pendingLength = 0;
  private discarding = false;
  private discarded = 0;
  private discardedHead = '';

  constructor(
    private readonly maxLineBytes: number,
    private readonly events: LineSplitterEvents,
    private readonly bytesFrom = Number.POSITIVE_INFINITY,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      if (newline === -1) {
        this.accept(chunk, start, chunk.length);
        return;
      }
      if (this.pendingLength === 0 && !this.discarding && newline - start <= this.maxLineBytes) this.emit(chunk.subarray(start, newline));
      else {
        this.accept(chunk, start, newline);
        this.finishLine();
      }
      start = newline + 1;
    }
  }

  /** Emits whatever is left when the stream ends. */
  end(): void {
    if (this.pendingLength > 0 || this.discarding) this.finishLine();
  }

  private accept(chunk: Buffer, start: number, end: number): void {
    const length = end - start;
    if (length === 0) return;
    if (this.discarding) {
      this.discarded += length;
      return;
    }
    if (this.pendingLength + length > this.maxLineBytes) {
      this.discarding = true;
      this.discarded = this.pendingLength + length;
      const held = this.slabs[0]?.subarray(0, Math.min(this.pendingLength, HEAD_BYTES)) ?? Buffer.alloc(0);
      this.discardedHead = Buffer.concat([held, chunk.subarray(start, Math.min(end, start + HEAD_BYTES))])
        .toString('utf8', 0, HEAD_BYTES)
        .slice(0, 200);
      this.release();
      return;
    }
    for (let from = start; from < end; ) {
      const offset = this.pendingLength % SLAB_BYTES;
      if (offset === 0) this.slabs.push(takeSlab());
      const copied = chunk.copy(this.slabs[this.slabs.length - 1] as Buffer, offset, from, Math.min(end, from + SLAB_BYTES - offset));
      from += copied;
      this.pendingLength += copied;
    }
  }

  private release(): void {
    for (const slab of this.slabs) giveBack(slab);
    this.slabs = [];
    this.pendingLength = 0;
  }

  private finishLine(): void {
    if (this.discarding) {
      this.events.oversize(this.discarded, this.discardedHead);
      this.discarding = false;
      this.discarded = 0;
      this.discardedHead = '';
      return;
    }
    const held = new LineBytes(this.slabs, this.pendingLength, SLAB_BYTES);
    // The slabs go back to the pool only once the line is handled: a handler may keep its bytes no longer than that.
    try {
      if (held.length > 0) this.emitHeld(held.byteAt(held.length - 1) === CR ? new LineBytes(this.slabs, held.length - 1, SLAB_BYTES) : held);
    } finally {
      this.release();
    }
  }

  private emit(bytes: Buffer): void {
    const line = bytes[bytes.length - 1] === CR ? bytes.subarray(0, -1) : bytes;
    if (line.length === 0) return;
    if (this.events.lineBytes && line.length >= this.bytesFrom) this.events.lineBytes(LineBytes.of(line));
    else this.events.line(line.toString('utf8'));
  }

  private emitHeld(line: LineBytes): void {
    if (line.length === 0) return;
    if (this.events.lineBytes && line.length >= this.bytesFrom) this.events.lineBytes(line);
    else this.events.line(line.text());
  }
}
