/**
 * The trace: every frame that crossed the wire, in order, with time and direction.
 * Every later feature (checks, evidence, cassettes) reads it. Nothing here knows MCP.
 */

export type Direction = 'send' | 'receive' | 'local';

export type FrameKind =
  /** A JSON text that parsed (its `message` is set). */
  | 'message'
  /** Text that should have been JSON but did not parse (its `parseError` is set). */
  | 'parse-error'
  /** A stdout line of a stdio server that is not a JSON-RPC message. */
  | 'pollution'
  /** One line the server wrote to stderr. */
  | 'stderr'
  /** An HTTP response with no JSON-RPC body (e.g. 202, 405), or the body text of one that is not JSON. */
  | 'http'
  /** The server process exited. */
  | 'exit'
  /** A transport failure observed locally: spawn error, connection refused, timeout, oversize line. */
  | 'error';

export interface HttpMeta {
  /** Pairs a request frame with the response frames it produced. */
  exchange: number;
  method: string;
  url: string;
  /** Request headers on send frames, response headers on receive frames (lower-case names). */
  headers: Record<string, string>;
  status?: number;
  contentType?: string;
}

export interface Frame {
  seq: number;
  /** Milliseconds since the trace began. */
  time: number;
  direction: Direction;
  kind: FrameKind;
  /** The raw text as it crossed the wire (truncated for huge payloads, see `truncated`). */
  raw: string;
  message?: unknown;
  parseError?: string;
  truncated?: boolean;
  http?: HttpMeta;
  /** Free-form detail for `exit` and `error` frames. */
  detail?: Record<string, unknown>;
}

export type FrameInput = Omit<Frame, 'seq' | 'time'>;

/** Frames longer than this keep only their head in `raw`; the message itself is kept whole. */
const MAX_RAW_CHARS = 1 << 20;

export interface TraceOptions {
  /**
   * Keep the frames (default true). A long-running relay (record, replay, proxy) passes false:
   * its listeners see every frame, and memory stays flat however long the session runs.
   */
  keep?: boolean;
}

export class Trace {
  readonly frames: Frame[] = [];
  readonly startedAt = Date.now();
  private readonly started = performance.now();
  private readonly listeners = new Set<(frame: Frame) => void>();
  private readonly keep: boolean;
  private count = 0;
  private exchanges = 0;

  constructor(options: TraceOptions = {}) {
    this.keep = options.keep ?? true;
  }

  add(input: FrameInput): Frame {
    let raw = input.raw;
    let truncated = input.truncated;
    if (raw.length > MAX_RAW_CHARS) {
      raw = raw.slice(0, MAX_RAW_CHARS);
      truncated = true;
    }
    const frame: Frame = { ...input, raw, truncated, seq: this.count++, time: Math.round((performance.now() - this.started) * 1000) / 1000 };
    if (!frame.truncated) delete frame.truncated;
    if (this.keep) this.frames.push(frame);
    for (const listener of this.listeners) listener(frame);
    return frame;
  }

  /** A fresh id to pair the frames of one HTTP exchange. */
  nextExchange(): number {
    return ++this.exchanges;
  }

  subscribe(listener: (frame: Frame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Frames from `seq` onward (to take the part of a trace one step produced). */
  since(seq: number): Frame[] {
    return this.frames.slice(seq);
  }

  /** Frames added so far (kept or not). */
  get length(): number {
    return this.count;
  }
}
