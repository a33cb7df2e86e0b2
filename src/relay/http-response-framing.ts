/**
 * Where each answer ends in the bytes a server sends back on one connection (RFC 9112 §6.3),
 * read without copying or changing them. The pass-through proxy forwards those bytes as they come;
 * it only needs to know when every request it forwarded has been answered, so that a refusal, or
 * handing the connection to node:http, comes after the earlier answers and not inside them.
 */

type State = 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'trailers' | 'until-close';

/** A head or chunk-size line longer than this is not HTTP the framing can follow. */
const MAX_CARRY = 1024 * 1024;
const HEAD_END = Buffer.from('\r\n\r\n');
const EMPTY = Buffer.alloc(0);
// One search of the head each: cheaper than splitting it into lines.
const CONTENT_LENGTH = /\r\ncontent-length:([^\r]*)/gi;
const TRANSFER_ENCODING = /\r\ntransfer-encoding:([^\r]*)/gi;

/** Every value of a header in `head`, trimmed (RFC 9110 §5.3: repeated fields form one list). */
const valuesOf = (head: string, field: RegExp): string[] => [...head.matchAll(field)].map((match) => (match[1] as string).trim());

export class ResponseFraming {
  /** One entry per forwarded request not yet answered: whether it was a HEAD (no body in its answer). */
  private readonly pending: boolean[] = [];
  private state: State = 'head';
  private remaining = 0;
  /** Bytes of a head or line that continues in the next chunk. */
  private carry: Buffer = EMPTY;
  /** Some bytes of the oldest unanswered request's answer have arrived. */
  started = false;
  /** The bytes could not be followed (or are a tunnel): answers end only when the server closes. */
  lost = false;

  expect(method: string): void {
    this.pending.push(method === 'HEAD');
  }

  get unanswered(): number {
    return this.pending.length;
  }

  /** The server closed: an answer delimited by the close is complete; any other is not. */
  closed(): void {
    if (this.state === 'until-close' && !this.lost) this.complete();
  }

  push(chunk: Buffer): void {
    if (this.lost) return;
    let data = chunk;
    if (this.carry.length > 0) {
      data = Buffer.concat([this.carry, chunk]);
      this.carry = EMPTY;
    }
    let at = 0;
    while (at < data.length) {
      if (this.state === 'until-close') return;
      if (this.state === 'length' || this.state === 'chunk-data') {
        const take = Math.min(this.remaining, data.length - at);
        at += take;
        this.remaining -= take;
        if (this.remaining > 0) return;
        if (this.state === 'length') this.complete();
        else this.state = 'chunk-size';
        continue;
      }
      if (this.state === 'head') {
        if (this.pending.length === 0) return this.lose(); // an answer to nothing
        this.started = true;
        const end = data.indexOf(HEAD_END, at);
        if (end === -1) return this.keep(data, at);
        const head = data.toString('latin1', at, end);
        at = end + 4;
        this.onHead(head);
        if (this.lost) return;
        continue;
      }
      // chunk-size and trailers: one line at a time.
      const newline = data.indexOf(10, at);
      if (newline === -1) return this.keep(data, at);
      const line = data.toString('latin1', at, newline);
      at = newline + 1;
      if (this.state === 'trailers') {
        if (line === '\r' || line === '') this.complete();
        continue;
      }
      const size = Number.parseInt(line, 16);
      if (!Number.isFinite(size) || size < 0) return this.lose();
      if (size === 0) this.state = 'trailers';
      else {
        this.remaining = size + 2; // the CRLF after the data
        this.state = 'chunk-data';
      }
    }
  }

  private onHead(head: string): void {
    const status = Number(head.slice(9, 12));
    if (!/^HTTP\/1\.[01] \d{3}/.test(head)) return this.lose();
    if (status === 101) return this.lose();
    if (status < 200) return; // interim (103 Early Hints): the final answer follows
    const lengths = new Set(valuesOf(head, CONTENT_LENGTH));
    // Differing lengths cannot be framed (RFC 9112 §6.3); the same one repeated is one length.
    const length = lengths.size === 0 ? -1 : lengths.size === 1 ? Number([...lengths][0]) : Number.NaN;
    const transfers = valuesOf(head, TRANSFER_ENCODING);
    const transfer = transfers.length === 0 ? undefined : transfers.join(', ').toLowerCase();
    if (this.pending[0] || status === 204 || status === 304) this.complete();
    else if (transfer !== undefined) this.state = /(^|,)\s*chunked$/.test(transfer) ? 'chunk-size' : 'until-close';
    else if (length === -1) this.state = 'until-close';
    else if (!Number.isSafeInteger(length) || length < 0) this.lose();
    else if (length === 0) this.complete();
    else {
      this.remaining = length;
      this.state = 'length';
    }
  }

  private complete(): void {
    this.pending.shift();
    this.started = false;
    this.state = 'head';
  }

  private keep(data: Buffer, at: number): void {
    if (data.length - at > MAX_CARRY) return this.lose();
    this.carry = Buffer.from(data.subarray(at));
  }

  private lose(): void {
    this.lost = true;
    this.carry = EMPTY;
  }
}
