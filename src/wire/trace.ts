/**
 * The trace: every frame that crossed the wire, in order, with time and direction.
 * Every later feature (checks, evidence, cassettes) reads it. Nothing here knows MCP.
 */

import { TraceBudget, type BudgetShare, type Sheddable } from './trace-budget.js';

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
  /** The raw text as it crossed the wire (only the head of a huge one, or of a large parsed one: see `truncated`). */
  raw: string;
  message?: unknown;
  parseError?: string;
  truncated?: boolean;
  /** With `truncated`: the length of the whole text, in characters, when it is known. */
  size?: number;
  http?: HttpMeta;
  /** Free-form detail for `exit` and `error` frames. */
  detail?: Record<string, unknown>;
  /** The id of the trace (one connection, one process or one replica) the frame was added to. */
  connection?: number;
}

export type FrameInput = Omit<Frame, 'seq' | 'time' | 'connection'>;

/** Traces made in this process: each gets the next number, so a report can tell its connections apart. */
let tracesMade = 0;

/** Frames longer than this keep only their head in `raw`; the message itself is kept whole. */
const MAX_RAW_CHARS = 1 << 20;
/**
 * A received frame whose text parsed keeps this much of it: the message holds the rest, and
 * keeping both held every large list twice (a check run lists tools on a dozen connections).
 */
export const PARSED_RAW_CHARS = 64 * 1024;

/** Frames kept per trace by default: far above a check run's needs, small enough that a flood cannot exhaust memory. */
export const DEFAULT_MAX_FRAMES = 20_000;
/** Raw text kept per trace by default (sum of `raw` lengths). */
export const DEFAULT_MAX_RAW_BYTES = 32 * 1024 * 1024;
/** Pinned frames kept per trace: the few that verdicts rest on (floods, too-deep messages). */
const MAX_PINNED = 100;
/**
 * What all traces of the process keep together by default (a check run opens dozens of
 * connections at once): frames and raw characters. A frame also holds its parsed message, so the
 * heap it takes is about two to three times its raw text.
 */
export const SHARED_MAX_FRAMES = 40_000;
export const SHARED_MAX_RAW_BYTES = 16 * 1024 * 1024;
/** The budget every kept trace joins unless told otherwise. */
export const SHARED_TRACE_BUDGET = new TraceBudget(SHARED_MAX_FRAMES, SHARED_MAX_RAW_BYTES);

export interface TraceOptions {
  /**
   * Keep the frames (default true). A long-running relay (record, replay, proxy) passes false:
   * its listeners see every frame, and memory stays flat however long the session runs.
   */
  keep?: boolean;
  /** The most frames kept; beyond it the oldest are dropped (default DEFAULT_MAX_FRAMES). */
  maxFrames?: number;
  /** The most raw text kept, in characters; beyond it the oldest frames are dropped (default DEFAULT_MAX_RAW_BYTES). */
  maxRawBytes?: number;
  /** The budget shared with other traces (default SHARED_TRACE_BUDGET); `false` for none. */
  budget?: TraceBudget | false;
  /**
   * Characters of a received frame's text kept when it parsed (default PARSED_RAW_CHARS). A
   * recorder that writes frames as they crossed the wire keeps up to MAX_RAW_CHARS, as before.
   */
  parsedRawChars?: number;
}

export interface AddOptions {
  /** Also keep this frame in `pinned`, which old-frame dropping never touches. */
  pin?: boolean;
  /**
   * False: the listeners see the frame (a recorder writes it) but the trace does not keep it. For
   * the tail of a notification burst (src/wire/notification-burst.ts).
   */
  keep?: boolean;
}

export class Trace implements Sheddable {
  /**
   * The frames kept, in seq order. Once the caps are reached the oldest are dropped and
   * `frames[0]` is a marker (`detail.reason: 'frames-dropped'`) standing for them: its seq is
   * the last dropped one, `detail.dropped` how many. Do not index it by seq: use `since`/`range`.
   */
  readonly frames: Frame[] = [];
  /** Frames added with `pin`, kept whatever is dropped (bounded). */
  readonly pinned: Frame[] = [];
  /** Unique in the process; every frame of this trace carries it as `connection`. */
  readonly id = ++tracesMade;
  readonly startedAt = Date.now();
  private readonly started = performance.now();
  private readonly listeners = new Set<(frame: Frame) => void>();
  private readonly keep: boolean;
  private readonly maxFrames: number;
  private readonly maxRawBytes: number;
  private readonly parsedRawChars: number;
  private count = 0;
  private exchanges = 0;
  private rawBytes = 0;
  private droppedCount = 0;
  private marker: Frame | undefined;
  private readonly budget: TraceBudget | undefined;
  private readonly share: BudgetShare | undefined;

  constructor(options: TraceOptions = {}) {
    this.keep = options.keep ?? true;
    this.maxFrames = Math.max(2, options.maxFrames ?? DEFAULT_MAX_FRAMES);
    this.maxRawBytes = options.maxRawBytes ?? DEFAULT_MAX_RAW_BYTES;
    this.parsedRawChars = Math.min(options.parsedRawChars ?? PARSED_RAW_CHARS, MAX_RAW_CHARS);
    const budget = options.budget ?? SHARED_TRACE_BUDGET;
    if (this.keep && budget) {
      this.budget = budget;
      this.share = budget.join(this);
    }
  }

  add(input: FrameInput, options: AddOptions = {}): Frame {
    let raw = input.raw;
    let truncated = input.truncated;
    let size = input.size;
    const limit = input.direction === 'receive' && input.message !== undefined ? this.parsedRawChars : MAX_RAW_CHARS;
    if (raw.length > limit) {
      size ??= raw.length;
      raw = detachedHead(raw, limit);
      truncated = true;
    }
    // Built field by field: a spread and a delete cost ten times more, and a flood adds millions.
    const frame = { direction: input.direction, kind: input.kind, raw } as Frame;
    if (input.message !== undefined) frame.message = input.message;
    if (input.parseError !== undefined) frame.parseError = input.parseError;
    if (truncated) frame.truncated = true;
    if (size !== undefined) frame.size = size;
    if (input.http !== undefined) frame.http = input.http;
    if (input.detail !== undefined) frame.detail = input.detail;
    frame.seq = this.count++;
    frame.time = this.now();
    frame.connection = this.id;
    if (this.keep && options.keep !== false) {
      this.frames.push(frame);
      this.rawBytes += raw.length;
      if (this.frames.length > this.maxFrames || this.rawBytes > this.maxRawBytes) this.dropOldest();
      if (this.share) this.budget?.change(this.share, 1, raw.length);
    }
    if (options.pin && this.pinned.length < MAX_PINNED) this.pinned.push(frame);
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

  /** Frames from `seq` onward (to take the part of a trace one step produced); the marker leads if some were dropped. */
  since(seq: number): Frame[] {
    return this.frames.slice(this.indexOf(seq));
  }

  /** Frames with `from <= seq <= to` (a ChannelReply's range); the marker leads if some of them were dropped. */
  range(from: number, to: number): Frame[] {
    const start = this.indexOf(from);
    let end = this.indexOf(to + 1);
    // A range that began among the dropped frames still shows the marker standing for them.
    if (this.marker && start === 0 && from <= this.marker.seq) end = Math.max(end, 1);
    return this.frames.slice(start, end);
  }

  /** Frames added so far (kept or not). */
  get length(): number {
    return this.count;
  }

  /** How many frames were dropped to stay under the caps. */
  get dropped(): number {
    return this.droppedCount;
  }

  /** The index of the first kept frame with seq >= `seq` (binary search: frames are in seq order). */
  private indexOf(seq: number): number {
    let low = 0;
    let high = this.frames.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.frames[middle]!.seq < seq) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * Drops the oldest tenth of the caps at once, so the cost is amortised over many adds
   * (a flood of millions of frames stays linear).
   */
  private dropOldest(): void {
    const before = this.keptCounts();
    this.dropTo(Math.floor(this.maxFrames * 0.9) - 1, Math.floor(this.maxRawBytes * 0.9));
    this.reportDrop(before);
  }

  /** For the shared budget: keep at most `frameTarget` frames and `byteTarget` characters (and always the newest frame). */
  shedTo(frameTarget: number, byteTarget: number): void {
    const before = this.keptCounts();
    this.dropTo(frameTarget, byteTarget);
    this.reportDrop(before);
  }

  /** Frames kept besides the marker, and their raw characters. */
  private keptCounts(): { frames: number; rawBytes: number } {
    return { frames: this.frames.length - (this.marker ? 1 : 0), rawBytes: this.rawBytes };
  }

  private reportDrop(before: { frames: number; rawBytes: number }): void {
    if (!this.share) return;
    const after = this.keptCounts();
    this.budget?.change(this.share, after.frames - before.frames, after.rawBytes - before.rawBytes);
  }

  /** Drops the oldest frames (not the marker) until at most `frameTarget` and `byteTarget` remain, and folds them into the marker. */
  private dropTo(frameTarget: number, byteTarget: number): void {
    const first = this.marker ? 1 : 0;
    let end = first;
    let bytes = this.rawBytes;
    // Always keep the newest frame: whoever just added it may be waiting on it.
    while (end < this.frames.length - 1 && (this.frames.length - end > frameTarget || bytes > byteTarget)) {
      bytes -= this.frames[end]!.raw.length;
      end++;
    }
    if (end === first) return;
    const lastDropped = this.frames[end - 1]!;
    this.droppedCount += end - first;
    this.rawBytes = bytes;
    if (!this.marker) {
      this.marker = { seq: lastDropped.seq, time: lastDropped.time, direction: 'local', kind: 'error', raw: '', detail: {} };
      this.frames.splice(0, end, this.marker);
    } else {
      this.frames.splice(1, end - 1);
    }
    this.marker.seq = lastDropped.seq;
    this.marker.time = lastDropped.time;
    this.marker.raw = `${this.droppedCount} earlier frame(s) dropped to bound memory (the trace keeps at most ${this.maxFrames} frames and ${this.maxRawBytes} characters, and all traces together ${this.budget?.maxFrames ?? this.maxFrames} and ${this.budget?.maxRawBytes ?? this.maxRawBytes})`;
    this.marker.detail = { reason: 'frames-dropped', dropped: this.droppedCount };
  }

  private now(): number {
    return Math.round((performance.now() - this.started) * 1000) / 1000;
  }
}

/**
 * The first `chars` characters as a string of their own. A plain slice of a long string is a
 * view that keeps the whole parent alive: a trace of 15 MB lists cut to 1 MB each held them all.
 */
export function detachedHead(text: string, chars: number): string {
  const head = text.slice(0, chars);
  // Latin-1 text stays one byte a character: a UTF-16 copy of an ASCII head took twice the memory.
  const encoding = /[^\u0000-\u00ff]/.test(head) ? 'utf16le' : 'latin1';
  return Buffer.from(head, encoding).toString(encoding);
}
