/**
 * A line upstream: whatever answers a stdio client line by line. It is the real server (spawned),
 * a cassette being replayed, or either of them wrapped by the recorder or by faults, so the stdio
 * front in stdio-front.ts never needs to know which.
 */
import { spawnStdio } from '../wire/stdio.js';
import type { StdioTarget } from '../wire/target.js';
import { Trace } from '../wire/trace.js';

export interface LineUpstream {
  /** One line the client wrote (without its newline). */
  write(line: string): void;
  /** A line for the client's stdout. */
  onLine(handler: (line: string) => void): void;
  /** A line for stderr (the server's log). */
  onStderr(handler: (line: string) => void): void;
  /** The upstream is gone; `code` is what the front should exit with. Fires once. */
  onClose(handler: (code: number) => void): void;
  /** Ends the upstream (stdin closed, replay finished); `onClose` fires. */
  close(): Promise<void>;
  /**
   * The client reads slower than the upstream writes: stop producing lines until `resume`.
   * Without it a server's flood would pile up in mcpvet's memory.
   */
  pause(): void;
  resume(): void;
}

/**
 * An upstream that also takes and gives lines as bytes, each with its newline: the stdio front
 * then relays without decoding, parsing or re-encoding a line (the plain proxy's fast path).
 * Wrappers that read lines (recorder, faults) do not offer it, so they get text as before.
 */
export interface ByteLineUpstream extends LineUpstream {
  writeBytes(line: Buffer): void;
  onBytes(handler: (line: Buffer) => void): void;
}

export function passesBytes(upstream: LineUpstream): upstream is ByteLineUpstream {
  return typeof (upstream as Partial<ByteLineUpstream>).writeBytes === 'function';
}

/** The event half of a LineUpstream, for implementations to extend. */
export abstract class LineEmitter implements LineUpstream {
  private readonly lineHandlers: ((line: string) => void)[] = [];
  private readonly stderrHandlers: ((line: string) => void)[] = [];
  private readonly closeHandlers: ((code: number) => void)[] = [];
  private closedWith: number | undefined;

  abstract write(line: string): void;
  abstract close(): Promise<void>;

  /** An upstream that only answers what the client writes needs nothing more: the front stops reading the client. */
  pause(): void {}
  resume(): void {}

  onLine(handler: (line: string) => void): void {
    this.lineHandlers.push(handler);
  }

  onStderr(handler: (line: string) => void): void {
    this.stderrHandlers.push(handler);
  }

  onClose(handler: (code: number) => void): void {
    if (this.closedWith !== undefined) handler(this.closedWith);
    else this.closeHandlers.push(handler);
  }

  get closed(): boolean {
    return this.closedWith !== undefined;
  }

  /** Whether anyone listens for text lines (a byte-path subclass then need not decode). */
  protected get hasLineHandlers(): boolean {
    return this.lineHandlers.length > 0;
  }

  protected emitLine(line: string): void {
    if (this.closedWith === undefined) for (const handler of this.lineHandlers) handler(line);
  }

  protected emitStderr(line: string): void {
    for (const handler of this.stderrHandlers) handler(line);
  }

  protected emitClose(code: number): void {
    if (this.closedWith !== undefined) return;
    this.closedWith = code;
    for (const handler of this.closeHandlers) handler(code);
  }
}

/** Forwards events of an inner upstream; wrappers (recorder, faults) override what they change. */
export class LineWrapper extends LineEmitter {
  constructor(protected readonly inner: LineUpstream) {
    super();
    inner.onLine((line) => this.fromServer(line));
    inner.onStderr((line) => this.emitStderr(line));
    inner.onClose((code) => this.emitClose(code));
  }

  write(line: string): void {
    this.inner.write(line);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  override pause(): void {
    this.inner.pause();
  }

  override resume(): void {
    this.inner.resume();
  }

  protected fromServer(line: string): void {
    this.emitLine(line);
  }
}

/**
 * The real server: spawned, stdout lines passed on as they are (pollution, lines too deep to parse
 * and lines the trace would truncate included: the proxy is transparent). Lines are neither parsed
 * nor traced here; whoever needs a message (recorder, faults) parses the line it is given.
 */
export class SpawnedServer extends LineEmitter implements ByteLineUpstream {
  private readonly connection;
  private readonly byteHandlers: ((line: Buffer) => void)[] = [];

  constructor(target: StdioTarget) {
    super();
    // Only stderr is traced, to a listener: a relay may run for hours.
    const trace = new Trace({ keep: false });
    trace.subscribe((frame) => {
      if (frame.direction === 'receive' && frame.kind === 'stderr') this.emitStderr(frame.raw);
    });
    this.connection = spawnStdio(target, { trace, rawLines: (line) => this.fromServer(line) });
    this.connection.onExit((info) => {
      if (info.spawnError) this.emitStderr(`mcpvet: could not start ${target.command}: ${info.spawnError}`);
      this.emitClose(info.code ?? 1);
    });
  }

  get pid(): number | undefined {
    return this.connection.pid;
  }

  write(line: string): void {
    this.connection.sendRaw(`${line}\n`);
  }

  writeBytes(line: Buffer): void {
    this.connection.sendRaw(line);
  }

  onBytes(handler: (line: Buffer) => void): void {
    this.byteHandlers.push(handler);
  }

  override pause(): void {
    this.connection.pauseOutput();
  }

  override resume(): void {
    this.connection.resumeOutput();
  }

  async close(): Promise<void> {
    await this.connection.close();
  }

  private fromServer(line: Buffer): void {
    if (this.closed) return;
    for (const handler of this.byteHandlers) handler(line);
    if (this.hasLineHandlers) this.emitLine(line.toString('utf8', 0, line.length - 1));
  }
}
