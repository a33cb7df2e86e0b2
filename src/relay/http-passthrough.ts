/**
 * The plain HTTP proxy's fast path (no faults, no recording, an http: server). node:http's parser,
 * agent and header objects cost the proxy more than twice the direct path's time; here bytes pass
 * unparsed, except each request's head, which the same ListenerGuard checks before it is rewritten
 * (the forwarded path, Host, the target's --header values) and forwarded.
 *
 * Each client connection gets its own server connection for its whole life: HTTP/1.1 answers come
 * back in request order, so the server's bytes are piped back as they are (an SSE stream simply
 * flows), and a client that goes away takes its server connection with it, which is how a
 * Streamable HTTP client cancels. ResponseFraming only tells when every forwarded request has been
 * answered: a refusal, or a request this path leaves to node:http (chunked, Expect, Upgrade, a head
 * it will not judge), waits for that, then is answered on the same socket in order.
 */
import { createServer, connect, type Server as NetServer, type Socket } from 'node:net';
import { STATUS_CODES, type Server as HttpServer } from 'node:http';
import { ForwardedPaths } from './forwarding-upstream.js';
import { readRequestHead, type RequestHead } from './http-request-head.js';
import { ResponseFraming } from './http-response-framing.js';
import type { ListenerGuard } from './listener-guard.js';

export interface PassthroughTarget {
  url: string;
  /** Added to every forwarded request, replacing the client's of the same name (e.g. Authorization). */
  headers: Record<string, string>;
}

export interface PassthroughOptions {
  /** Undefined until the listener knows its port. */
  guard: () => ListenerGuard | undefined;
  maxBodyBytes: number;
  onRefused?: (line: string) => void;
  /** The node:http front, given the sockets this path does not handle. */
  fallback: HttpServer;
}

/** Largest request head (request line and headers) read. */
const MAX_HEAD_BYTES = 64 * 1024;
const EMPTY = Buffer.alloc(0);
/** A connection with nothing unanswered that stays silent this long is closed (as node:http's headersTimeout would). */
const IDLE_MS = 60_000;
/** How long a closing connection may keep sending before it is dropped. */
const LINGER_MS = 5000;

/**
 * Whether the fast path can serve this target: plain http, no user:password@ (node:http turns it
 * into Basic auth) and header values node:http would accept (it says why it does not).
 */
export function passesThrough(target: PassthroughTarget): boolean {
  const url = new URL(target.url);
  return (
    url.protocol === 'http:' &&
    url.username === '' &&
    url.password === '' &&
    Object.values(target.headers).every((value) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value))
  );
}

export class Passthrough {
  readonly server: NetServer;
  readonly paths: ForwardedPaths;
  /** Host and port to connect to; a bracketed IPv6 host is given to net without its brackets. */
  readonly address: { host: string; port: number };
  readonly origin: string;
  /** Header lines added to every forwarded request: Host first, then the target's headers. */
  readonly addedHead: string;
  readonly replaced: Set<string>;
  private readonly connections = new Set<Socket>();

  constructor(
    target: PassthroughTarget,
    readonly options: PassthroughOptions,
  ) {
    const base = new URL(target.url);
    this.paths = new ForwardedPaths(base);
    this.address = { host: base.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(base.port || 80) };
    this.origin = base.origin;
    this.replaced = new Set(['host', ...Object.keys(target.headers).map((name) => name.toLowerCase())]);
    this.addedHead = `host: ${base.host}\r\n${Object.entries(target.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}`;
    this.server = createServer({ noDelay: true }, (socket) => {
      this.connections.add(socket);
      socket.once('close', () => this.connections.delete(socket));
      new Connection(this, socket);
    });
  }

  /** Ends every connection still open (the front is closing). */
  destroyAll(): void {
    for (const socket of this.connections) socket.destroy();
  }
}

class Connection {
  /** Client bytes not yet forwarded. */
  private buffered: Buffer = EMPTY;
  /** Bytes to write to the server once this chunk of the client's is processed. */
  private outgoing: Buffer[] = [];
  /** Body bytes of the current request still to forward. */
  private bodyLeft = 0;
  private upstream: Socket | undefined;
  private upstreamError: string | undefined;
  private readonly framing = new ResponseFraming();
  /** What to do once every forwarded request is answered (a refusal, or the hand-over to node:http). */
  private whenAnswered: (() => void) | undefined;
  private readonly listeners: [string, (chunk: Buffer) => void][];

  constructor(
    private readonly proxy: Passthrough,
    private readonly client: Socket,
  ) {
    const cancel = () => this.dropUpstream();
    this.listeners = [
      ['data', (chunk) => this.onClientData(chunk)],
      // The client went away (or half-closed, which node:http treats the same): cancellation.
      ['end', cancel],
      ['close', cancel],
      ['error', cancel],
      ['drain', () => this.upstream?.resume()],
    ];
    for (const [event, listener] of this.listeners) client.on(event, listener);
    // A stream being answered may be silent for long; a connection waiting for its client may not.
    client.setTimeout(IDLE_MS, () => this.framing.unanswered === 0 && client.destroy());
  }

  private onClientData(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    if (this.whenAnswered) return;
    this.process();
    // A head and its body, or pipelined requests, leave in one write (one buffer: cheaper than writev).
    const outgoing = this.outgoing;
    if (outgoing.length === 0) return;
    this.outgoing = [];
    const upstream = this.upstream ?? this.connectUpstream();
    // Backpressure: a server that reads slowly slows the client, not mcpvet's memory.
    if (!upstream.write(outgoing.length === 1 ? (outgoing[0] as Buffer) : Buffer.concat(outgoing))) this.client.pause();
  }

  private process(): void {
    while (this.whenAnswered === undefined && this.buffered.length > 0) {
      if (this.bodyLeft > 0) {
        const part = this.buffered.length <= this.bodyLeft ? this.buffered : this.buffered.subarray(0, this.bodyLeft);
        this.buffered = part === this.buffered ? EMPTY : this.buffered.subarray(part.length);
        this.bodyLeft -= part.length;
        this.outgoing.push(part);
        continue;
      }
      const read = readRequestHead(this.buffered, MAX_HEAD_BYTES);
      if (read.kind === 'incomplete') return;
      if (read.kind === 'too-large') return this.refuse(431, 'mcpvet: refused: the request head is over 64 KiB\n');
      if (read.kind === 'unusual') return this.afterAnswers(() => this.handOver());
      this.forward(read.head);
    }
  }

  private forward(head: RequestHead): void {
    const { guard, maxBodyBytes, onRefused } = this.proxy.options;
    // Every request is judged, pipelined or not, by the guard every listener uses.
    const verdict = guard()?.check({ method: head.method, url: head.target, host: head.host, origin: head.origin, contentType: head.contentType });
    if (!verdict?.ok) {
      const message = verdict?.message ?? 'mcpvet: not ready';
      onRefused?.(message);
      return this.refuse(verdict?.status ?? 503, `${message}\n`);
    }
    // Refused from its length alone: nothing of the body is kept.
    if (head.contentLength > maxBodyBytes) return this.refuse(413, 'mcpvet: request body too large');
    let text = `${head.method} ${this.proxy.paths.get(verdict.path)} HTTP/1.1\r\n${this.proxy.addedHead}`;
    for (const header of head.headers) if (!this.proxy.replaced.has(header.name)) text += `${header.line}\r\n`;
    this.buffered = this.buffered.subarray(head.size);
    this.bodyLeft = head.contentLength;
    this.framing.expect(head.method);
    this.outgoing.push(Buffer.from(`${text}\r\n`, 'latin1'));
  }

  private connectUpstream(): Socket {
    const upstream = connect(this.proxy.address);
    upstream.setNoDelay(true);
    this.upstream = upstream;
    upstream.on('data', (chunk: Buffer) => {
      this.framing.push(chunk);
      if (!this.client.write(chunk)) upstream.pause();
      if (this.whenAnswered && this.framing.unanswered === 0) this.runWhenAnswered();
    });
    upstream.on('drain', () => this.whenAnswered || this.client.resume());
    upstream.on('error', (error: NodeJS.ErrnoException) => (this.upstreamError = error.code ?? error.message));
    upstream.on('close', () => this.onUpstreamClose());
    return upstream;
  }

  /** Closes the server connection without reacting to its close, and drops what was still to be written to it. */
  private dropUpstream(): void {
    // Else onClientData would open a new server connection for the rest of a request already
    // answered, and its answer would reach a client now served by node:http (after a hand-over).
    this.outgoing = [];
    const upstream = this.upstream;
    if (!upstream) return;
    this.upstream = undefined;
    upstream.removeAllListeners('data').removeAllListeners('close').removeAllListeners('drain');
    upstream.destroy();
  }

  private onUpstreamClose(): void {
    this.upstream = undefined;
    this.framing.closed();
    if (this.framing.unanswered > 0) {
      // The server went away without answering: a 502 if nothing of the answer was sent yet.
      if (this.framing.started) this.client.destroy();
      else {
        const why = this.upstreamError ? `cannot be reached: ${this.upstreamError}` : 'closed the connection without answering';
        this.close(response(502, 'text/plain', `mcpvet: the server at ${this.proxy.origin} ${why}`));
      }
    } else if (this.whenAnswered) this.runWhenAnswered();
    // Its connection closed (an idle timeout, Connection: close): so does the client's, as it would direct.
    else this.client.end();
  }

  /** Refuses the request at the head of the buffer, after the answers to the earlier ones, and closes. */
  private refuse(status: number, message: string): void {
    this.afterAnswers(() => this.close(response(status, 'text/plain; charset=utf-8', message)));
  }

  /** Writes a last answer and closes, reading and dropping what the client still sends (so no reset discards the answer). */
  private close(last: string): void {
    this.whenAnswered = () => {}; // nothing else is forwarded
    this.dropUpstream();
    this.buffered = EMPTY;
    this.client.off('data', this.listeners[0]?.[1] as (chunk: Buffer) => void);
    this.client.on('data', () => {});
    this.client.end(last);
    this.client.resume();
    setTimeout(() => this.client.destroy(), LINGER_MS).unref();
  }

  private afterAnswers(action: () => void): void {
    this.whenAnswered = action;
    this.client.pause();
    if (this.framing.unanswered === 0) this.runWhenAnswered();
  }

  private runWhenAnswered(): void {
    const action = this.whenAnswered;
    this.whenAnswered = undefined;
    action?.();
  }

  /** The rest of the connection goes to node:http, the bytes not yet forwarded first. */
  private handOver(): void {
    this.dropUpstream();
    for (const [event, listener] of this.listeners) this.client.off(event, listener);
    this.client.setTimeout(0);
    this.client.removeAllListeners('timeout');
    if (this.buffered.length > 0) this.client.unshift(this.buffered);
    this.buffered = EMPTY;
    this.proxy.options.fallback.emit('connection', this.client);
    this.client.resume();
  }
}

function response(status: number, contentType: string, body: string): string {
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\ncontent-type: ${contentType}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}
