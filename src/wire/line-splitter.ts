/**
 * Splits a byte stream into lines without ever holding more than `maxLineBytes` of one line.
 * A line over the cap is dropped (reported once with its size), so a 100 MB line cannot exhaust memory.
 */
import { StringDecoder } from 'node:string_decoder';

export interface LineSplitterEvents {
  line(text: string): void;
  oversize(bytesSeen: number, head: string): void;
}

export class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private parts: string[] = [];
  private pendingLength = 0;
  private discarding = false;
  private discarded = 0;
  private discardedHead = '';

  constructor(
    private readonly maxLineBytes: number,
    private readonly events: LineSplitterEvents,
  ) {}

  push(chunk: Buffer): void {
    let text = this.decoder.write(chunk);
    while (text.length > 0) {
      const newline = text.indexOf('\n');
      const piece = newline === -1 ? text : text.slice(0, newline);
      this.accept(piece);
      if (newline === -1) break;
      this.finishLine();
      text = text.slice(newline + 1);
    }
  }

  /** Emits whatever is left when the stream ends. */
  end(): void {
    const rest = this.decoder.end();
    if (rest) this.accept(rest);
    if (this.pendingLength > 0 || this.discarding) this.finishLine();
  }

  private accept(piece: string): void {
    if (piece.length === 0) return;
    if (this.discarding) {
      this.discarded += piece.length;
      return;
    }
    if (this.pendingLength + piece.length > this.maxLineBytes) {
      this.discarding = true;
      this.discarded = this.pendingLength + piece.length;
      this.discardedHead = (this.parts.join('') + piece).slice(0, 200);
      this.parts = [];
      this.pendingLength = 0;
      return;
    }
    this.parts.push(piece);
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
    let line = this.parts.join('');
    this.parts = [];
    this.pendingLength = 0;
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line.length > 0) this.events.line(line);
  }
}
