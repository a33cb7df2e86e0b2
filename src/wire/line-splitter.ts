/**
 * Splits a byte stream into lines without ever holding more than `maxLineBytes` of one line.
 * A line over the cap is dropped (reported once with its size), so a 100 MB line cannot exhaust memory.
 *
 * A line inside one chunk is decoded from it; one that spans chunks is copied into a pooled
 * buffer and decoded once at its end: decoding each chunk as it came kept dozens of string
 * pieces alive for the whole line, long enough to be promoted, and every 10,000-tool list left
 * megabytes of them for the next full GC.
 */
import { giveBack, POOL_BYTES, takeBuffer } from './line-buffers.js';

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
  lineBytes?(bytes: Buffer): void;
  oversize(bytesSeen: number, head: string): void;
}

export class LineSplitter {
  private pending: Buffer | undefined;
  /** A line past the pool's size: the rest of it as the chunks came, joined once at its end (doubling a 45 MB line's buffer left twice that as garbage). */
  private overflow: Buffer[] = [];
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
      const held = this.pending?.subarray(0, Math.min(this.pendingLength - this.overflowLength(), HEAD_BYTES)) ?? Buffer.alloc(0);
      this.discardedHead = Buffer.concat([held, chunk.subarray(start, Math.min(end, start + HEAD_BYTES))])
        .toString('utf8', 0, HEAD_BYTES)
        .slice(0, 200);
      this.release();
      return;
    }
    if (this.overflow.length > 0 || this.pendingLength + length > POOL_BYTES) this.overflow.push(chunk.subarray(start, end));
    else {
      this.reserve(this.pendingLength + length);
      chunk.copy(this.pending as Buffer, this.pendingLength, start, end);
    }
    this.pendingLength += length;
  }

  /** Room for `bytes` in the line buffer: a pooled one twice the size when it is full. */
  private reserve(bytes: number): void {
    if (this.pending && bytes <= this.pending.length) return;
    const grown = takeBuffer(Math.min(Math.max(bytes, (this.pending?.length ?? 0) * 2), this.maxLineBytes, POOL_BYTES));
    if (this.pending) {
      this.pending.copy(grown, 0, 0, this.pendingLength);
      giveBack(this.pending);
    }
    this.pending = grown;
  }

  private overflowLength(): number {
    let bytes = 0;
    for (const part of this.overflow) bytes += part.length;
    return bytes;
  }

  private release(): void {
    if (this.pending) giveBack(this.pending);
    this.pending = undefined;
    this.pendingLength = 0;
    this.overflow = [];
  }

  private finishLine(): void {
    if (this.discarding) {
      this.events.oversize(this.discarded, this.discardedHead);
      this.discarding = false;
      this.discarded = 0;
      this.discardedHead = '';
      return;
    }
    if (this.pendingLength === 0) return this.release();
    const held = this.pending?.subarray(0, this.pendingLength - this.overflowLength()) ?? Buffer.alloc(0);
    const line = this.overflow.length > 0 ? Buffer.concat([held, ...this.overflow], this.pendingLength) : held;
    // The buffer goes back to the pool only once the line is handled: a handler may keep its bytes no longer than that.
    try {
      this.emit(line);
    } finally {
      this.release();
    }
  }

  private emit(bytes: Buffer): void {
    const line = bytes[bytes.length - 1] === CR ? bytes.subarray(0, -1) : bytes;
    if (line.length === 0) return;
    if (this.events.lineBytes && line.length >= this.bytesFrom) this.events.lineBytes(line);
    else this.events.line(line.toString('utf8'));
  }
}
