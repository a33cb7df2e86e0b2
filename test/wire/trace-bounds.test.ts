/** The trace stays bounded under a flood: oldest frames dropped into one marker, seq lookups still right. */
import { describe, expect, it } from 'vitest';
import { SHARED_MAX_RAW_BYTES, SHARED_TRACE_BUDGET, Trace } from '../../src/wire/trace.js';
import { TraceBudget } from '../../src/wire/trace-budget.js';

const add = (trace: Trace, raw = 'x') => trace.add({ direction: 'receive', kind: 'message', raw, message: {} });

describe('trace caps', () => {
  it('keeps at most maxFrames, the oldest folded into a marker that counts them', () => {
    const trace = new Trace({ maxFrames: 100 });
    for (let i = 0; i < 1000; i++) add(trace);
    expect(trace.frames.length).toBeLessThanOrEqual(100);
    expect(trace.length).toBe(1000);
    const marker = trace.frames[0]!;
    expect(marker.detail).toEqual({ reason: 'frames-dropped', dropped: trace.dropped });
    expect(trace.dropped + trace.frames.length - 1).toBe(1000);
    expect(marker.raw).toContain(`${trace.dropped} earlier frame(s) dropped`);
    // Seqs stay in order, the marker's is the last dropped one.
    expect(trace.frames[1]!.seq).toBe(marker.seq + 1);
    expect(trace.frames.at(-1)!.seq).toBe(999);
  });

  it('caps the raw text kept too', () => {
    const trace = new Trace({ maxRawBytes: 10_000 });
    for (let i = 0; i < 100; i++) add(trace, 'y'.repeat(1000));
    expect(trace.frames.reduce((sum, frame) => sum + frame.raw.length, 0)).toBeLessThanOrEqual(10_000 + 500);
    expect(trace.dropped).toBeGreaterThan(80);
  });

  it('since and range find frames by seq once old ones are gone', () => {
    const trace = new Trace({ maxFrames: 50 });
    for (let i = 0; i < 500; i++) add(trace);
    expect(trace.since(495).map((frame) => frame.seq)).toEqual([495, 496, 497, 498, 499]);
    expect(trace.range(490, 492).map((frame) => frame.seq)).toEqual([490, 491, 492]);
    // A range that began among the dropped frames starts with the marker.
    expect(trace.range(3, 7).map((frame) => frame.detail?.reason)).toEqual(['frames-dropped']);
    expect(trace.since(0)[0]!.detail?.reason).toBe('frames-dropped');
  });

  it('without a flood nothing is dropped and seq equals the index', () => {
    const trace = new Trace();
    for (let i = 0; i < 1000; i++) add(trace);
    expect(trace.dropped).toBe(0);
    expect(trace.frames.every((frame, index) => frame.seq === index)).toBe(true);
    expect(trace.range(10, 12).map((frame) => frame.seq)).toEqual([10, 11, 12]);
  });

  it('pinned frames survive the dropping', () => {
    const trace = new Trace({ maxFrames: 10 });
    const note = trace.add({ direction: 'local', kind: 'error', raw: 'note', detail: { reason: 'notification-flood' } }, { pin: true });
    for (let i = 0; i < 100; i++) add(trace);
    expect(trace.frames).not.toContain(note);
    expect(trace.pinned).toEqual([note]);
  });

  it('a million frames stay linear (well under 10 s)', () => {
    const trace = new Trace();
    const started = Date.now();
    for (let i = 0; i < 1_000_000; i++) add(trace, '{"jsonrpc":"2.0","method":"notifications/message"}');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(trace.frames.length).toBeLessThanOrEqual(20_000);
  });
});

describe('a budget shared by traces', () => {
  it('bounds the sum of many traces: the largest drops its oldest frames first', () => {
    const budget = new TraceBudget(1000, 100_000);
    const flood = new Trace({ budget });
    const quiet = new Trace({ budget });
    for (let i = 0; i < 50; i++) add(quiet, 'q'.repeat(100));
    for (let i = 0; i < 10_000; i++) add(flood, 'f'.repeat(100));
    expect(budget.used.frames).toBeLessThanOrEqual(1000);
    expect(budget.used.rawBytes).toBeLessThanOrEqual(100_000);
    // The flood paid for itself; the quiet trace kept everything.
    expect(quiet.dropped).toBe(0);
    expect(flood.dropped).toBeGreaterThan(9000);
    expect(flood.frames[0]!.detail).toEqual({ reason: 'frames-dropped', dropped: flood.dropped });
    expect(flood.frames.at(-1)!.seq).toBe(9999);
  });

  it('many flooding traces together stay within it, each keeping its newest frame', () => {
    const budget = new TraceBudget(2000, 1_000_000);
    const traces = Array.from({ length: 20 }, () => new Trace({ budget }));
    for (let i = 0; i < 2000; i++) for (const trace of traces) add(trace, 'z'.repeat(1000));
    expect(budget.used.rawBytes).toBeLessThanOrEqual(1_000_000);
    const kept = traces.reduce((sum, trace) => sum + trace.frames.reduce((bytes, frame) => bytes + (frame.detail?.reason ? 0 : frame.raw.length), 0), 0);
    expect(kept).toBe(budget.used.rawBytes);
    for (const trace of traces) expect(trace.frames.at(-1)!.seq).toBe(1999);
  });

  it('every trace joins the shared budget by default; a relay trace (keep: false) does not', () => {
    const before = SHARED_TRACE_BUDGET.used.rawBytes;
    const trace = new Trace();
    const relay = new Trace({ keep: false });
    add(trace, 'a'.repeat(500));
    add(relay, 'b'.repeat(700));
    expect(SHARED_TRACE_BUDGET.used.rawBytes - before).toBe(500);
    expect(SHARED_MAX_RAW_BYTES).toBeLessThanOrEqual(32 * 1024 * 1024);
  });
});
