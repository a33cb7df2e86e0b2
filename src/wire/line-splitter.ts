/**
 * Splits a byte stream into lines without ever holding more than `maxLineBytes` of one line.
 * A line over the cap is dropped (reported once with its size), so a 100 MB line cannot exhaust memory.
 *
 * A line inside one chunk is decoded from it; one that spans chunks is copied into pooled slabs
 * and decoded once at its end: decoding each chunk as it came kept dozens of string pieces alive
 * for the whole line, long enough to be promoted, and every 10,000-tool list left megabytes of
 * them for the next full GC.
 *
 * A line whose `result` turns out, as it arrives, to be byte for byte a result already known
 * (`knownResults`) is not copied at all past its head: its LineBytes holds that known buffer in
 * its place. A check run lists the same tools on dozens of connections, several at a time, and
 * each copy in flight took the list's size again (39 MB at once for a 13 MB list).
 */
import { resultStartIn } from './json-bytes.js';
import { giveBack, SLAB_BYTES, takeSlab } from './line-buffers.js';
import { LineBytes } from './line-bytes.js';

const NEWLINE = 0x0a;
const CR = 0x0d;
/** Bytes decoded for the head of an oversize line (at least 200 characters of UTF-8). */
const HEAD_BYTES = 1024;
/** The head of a line searched for where its result starts (an envelope is a few dozen bytes). */
const HEAD_PROBE_BYTES = 4096;
/** Bytes of a result read before it is matched to a known one: enough to tell lists apart. */
const MATCH_FROM_BYTES = 64;

export interface LineSplitterEvents {
  line(text: string): void;
  /**
   * When given, lines of at least `bytesFrom` bytes come here undecoded (the handler decodes what
   * it needs). The bytes are reused once it returns: copy what must outlive the call.
   */
  lineBytes?(bytes: LineBytes): void;
  oversize(bytesSeen: number, head: string): void;
  /** The bytes of results already known, each its `result` value's exact text (see the header). */
  knownResults?(): readonly LineBytes[];
}

/** A line matching a known result: stored up to `start`, then `matched` bytes equal to `result`'s, then (once all matched) its tail. */
interface Echo {
  result: LineBytes;
  start: number;
  matched: number;
}

export class LineSplitter {
  /** The line so far: full slabs, then the one being filled. */
  private slabs: Buffer[] = [];
  private pendingLength = 0;
  private discarding = false;
  private discarded = 0;
  private discardedHead = '';
  /** Whether the line's head is still searched for a known result (until HEAD_PROBE_BYTES). */
  private probing = true;
  private echo: Echo | undefined;
  /** Slabs of the line handed over for good (keep), by index. */
  private readonly kept = new Set<number>();

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
    const lineLength = this.pendingLength + (this.echo?.matched ?? 0);
    if (lineLength + length > this.maxLineBytes) {
      this.discarding = true;
      this.discarded = lineLength + length;
      const held = this.slabs[0]?.subarray(0, Math.min(this.pendingLength, HEAD_BYTES)) ?? Buffer.alloc(0);
      this.discardedHead = Buffer.concat([held, chunk.subarray(start, Math.min(end, start + HEAD_BYTES))])
        .toString('utf8', 0, HEAD_BYTES)
        .slice(0, 200);
      this.release();
      return;
    }
    for (let from = start; from < end; ) {
      if (this.echo && this.echo.matched < this.echo.result.length) from = this.match(chunk, from, end);
      else if (this.probing) {
        const upTo = Math.min(end, from + HEAD_PROBE_BYTES - this.pendingLength);
        this.store(chunk, from, upTo);
        from = upTo;
        this.probe();
      } else {
        this.store(chunk, from, end);
        from = end;
      }
    }
  }

  private store(source: Buffer, start: number, end: number): void {
    for (let from = start; from < end; ) {
      const offset = this.pendingLength % SLAB_BYTES;
      if (offset === 0) this.slabs.push(takeSlab());
      const copied = source.copy(this.slabs[this.slabs.length - 1] as Buffer, offset, from, Math.min(end, from + SLAB_BYTES - offset));
      from += copied;
      this.pendingLength += copied;
    }
  }

  /** Looks in the head for where the result starts and, once enough of it is here, for a known result it begins like. */
  private probe(): void {
    const known = this.events.knownResults?.() ?? [];
    const head = (this.slabs[0] as Buffer).subarray(0, this.pendingLength);
    const start = known.length === 0 ? 'none' : resultStartIn(head);
    const waiting = start === 'more' || (typeof start === 'number' && this.pendingLength - start < MATCH_FROM_BYTES);
    if (waiting && this.pendingLength < HEAD_PROBE_BYTES) return;
    this.probing = false;
    if (typeof start !== 'number') return;
    const begun = head.subarray(start);
    const result = known.find((bytes) => bytes.length >= begun.length && bytes.matches(0, begun, 0, begun.length));
    if (!result) return;
    this.echo = { result, start, matched: begun.length };
    this.pendingLength = start;
  }

  /** Follows the known result as far as the chunk matches it; where it stops matching, stores what matched and goes on as any line. */
  private match(chunk: Buffer, from: number, end: number): number {
    const echo = this.echo as Echo;
    const count = Math.min(end - from, echo.result.length - echo.matched);
    if (echo.result.matches(echo.matched, chunk, from, count)) {
      echo.matched += count;
      return from + count;
    }
    this.unmatch();
    return from;
  }

  /** The line is not the known result after all (or ended inside it): its matched bytes are stored like the rest. */
  private unmatch(): void {
    const echo = this.echo as Echo;
    this.echo = undefined;
    for (const piece of echo.result.pieces(0, echo.matched)) this.store(piece, 0, piece.length);
  }

  private release(): void {
    this.slabs.forEach((slab, index) => this.kept.has(index) || giveBack(slab));
    this.kept.clear();
    this.slabs = [];
    this.pendingLength = 0;
    this.probing = true;
    this.echo = undefined;
  }

  private finishLine(): void {
    if (this.discarding) {
      this.events.oversize(this.discarded, this.discardedHead);
      this.discarding = false;
      this.discarded = 0;
      this.discardedHead = '';
      return;
    }
    if (this.echo && this.echo.matched < this.echo.result.length) this.unmatch();
    const echo = this.echo;
    const parts = echo
      ? [...this.stored(0, echo.start), ...echo.result.pieces(), ...this.stored(echo.start, this.pendingLength)]
      : this.stored(0, this.pendingLength);
    const owner = { release: () => this.release(), keep: (from: number, to: number) => (echo ? undefined : this.keep(from, to)) };
    const matched = echo && { result: echo.result, at: echo.start };
    const held = new LineBytes(parts, owner, matched);
    // The slabs go back to the pool once the line is handled, or sooner when the handler releases them.
    try {
      if (held.length > 0) this.emitHeld(held.byteAt(held.length - 1) === CR ? new LineBytes(held.pieces(0, held.length - 1), owner, matched) : held);
    } finally {
      this.release();
    }
  }

  /** The stored [from, to), its slabs never to return to the pool. */
  private keep(from: number, to: number): LineBytes {
    for (let slab = Math.floor(from / SLAB_BYTES); slab * SLAB_BYTES < to; slab++) this.kept.add(slab);
    return new LineBytes(this.stored(from, to));
  }

  /** Views of the stored bytes [from, to). */
  private stored(from: number, to: number): Buffer[] {
    const views: Buffer[] = [];
    for (let slab = Math.floor(from / SLAB_BYTES); slab * SLAB_BYTES < to; slab++) {
      const base = slab * SLAB_BYTES;
      views.push((this.slabs[slab] as Buffer).subarray(Math.max(0, from - base), Math.min(SLAB_BYTES, to - base)));
    }
    return views;
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
