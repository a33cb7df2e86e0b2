/**
 * The full collection after a check: due only once COLLECT_AFTER_BYTES were received since the
 * last one (the wire layer's flood collections included), so a run against a small server never collects; and V8's gc function is found on this
 * Node without --expose-gc on the command line.
 */
import { describe, expect, it, vi } from 'vitest';
import { COLLECT_AFTER_BYTES, collectAfterCheck } from '../../src/check/collect-garbage.js';
import { gcFunction } from '../../src/wire/gc-function.js';
import { FLOOD_COLLECT_BYTES, noteReceived, shouldCollect, YOUNG_COLLECT_BYTES } from '../../src/wire/received.js';

/** A stand-in for V8's gc function that counts full and young collections apart. */
function countingCollector() {
  const counts = { full: 0, young: 0 };
  const collect = (options?: { type: 'major' | 'minor' }) => void (options?.type === 'minor' ? counts.young++ : counts.full++);
  return { counts, collector: () => collect };
}

describe('collect garbage after a check', () => {
  it('is due once enough bytes arrived since the last collection', () => {
    expect(shouldCollect(0, 0, COLLECT_AFTER_BYTES)).toBe(false);
    expect(shouldCollect(COLLECT_AFTER_BYTES - 1, 0, COLLECT_AFTER_BYTES)).toBe(false);
    expect(shouldCollect(COLLECT_AFTER_BYTES, 0, COLLECT_AFTER_BYTES)).toBe(true);
    expect(shouldCollect(COLLECT_AFTER_BYTES + 10, 10, COLLECT_AFTER_BYTES)).toBe(true);
    expect(shouldCollect(COLLECT_AFTER_BYTES + 10, 11, COLLECT_AFTER_BYTES)).toBe(false);
    expect(shouldCollect(500, 0, 500)).toBe(true);
  });

  it('collects only past the threshold, once per threshold received', () => {
    let collections = 0;
    const collector = () => () => void collections++;
    // What earlier tests in this process received is collected first.
    collectAfterCheck(collector);
    collections = 0;
    expect(collectAfterCheck(collector)).toBe(false);
    noteReceived(COLLECT_AFTER_BYTES / 2);
    expect(collectAfterCheck(collector)).toBe(false);
    noteReceived(COLLECT_AFTER_BYTES / 2);
    expect(collectAfterCheck(collector)).toBe(true);
    expect(collectAfterCheck(collector)).toBe(false);
    expect(collections).toBe(1);
  });

  it('a flood collects in the wire layer at once, and that counts for the check engine too', () => {
    const { counts, collector } = countingCollector();
    collectAfterCheck(collector);
    counts.full = 0;
    noteReceived(FLOOD_COLLECT_BYTES - 1, collector);
    expect(counts.full).toBe(0);
    noteReceived(1, collector);
    expect(counts.full).toBe(1);
    // The check that ends now finds nothing new since that collection.
    expect(collectAfterCheck(collector)).toBe(false);
    expect(counts.full).toBe(1);
  });

  it('collects the young generation once per YOUNG_COLLECT_BYTES received, chunk by chunk', () => {
    const { counts, collector } = countingCollector();
    // Start at a young collection: what earlier tests received is behind it.
    noteReceived(YOUNG_COLLECT_BYTES, collector);
    counts.young = 0;
    const chunk = 64 * 1024;
    for (let sent = chunk; sent < YOUNG_COLLECT_BYTES; sent += chunk) noteReceived(chunk, collector);
    expect(counts.young).toBe(0);
    noteReceived(chunk, collector);
    expect(counts.young).toBe(1);
    for (let sent = 0; sent < 4 * YOUNG_COLLECT_BYTES; sent += chunk) noteReceived(chunk, collector);
    expect(counts.young).toBe(5);
  });

  it('in a large run, collects after a check once the heap grew enough since its last collection', async () => {
    vi.resetModules();
    const { collectAfterCheck: collect, COLLECT_AFTER_GROWTH } = await import('../../src/check/collect-garbage.js');
    const { noteReceived: received } = await import('../../src/wire/received.js');
    const { counts, collector } = countingCollector();
    let used = 20 * 1024 * 1024;
    const heapUsed = () => used;
    // A small run: however the heap grows, nothing is collected.
    received(1024, collector);
    used += 10 * COLLECT_AFTER_GROWTH;
    expect(collect(collector, heapUsed)).toBe(false);
    // A large run: the collection for what was received, then one per COLLECT_AFTER_GROWTH of growth past what was live.
    received(COLLECT_AFTER_BYTES, collector);
    expect(collect(collector, heapUsed)).toBe(true);
    expect(counts.full).toBe(1);
    used += COLLECT_AFTER_GROWTH - 1;
    expect(collect(collector, heapUsed)).toBe(false);
    used += 1;
    expect(collect(collector, heapUsed)).toBe(true);
    expect(counts.full).toBe(2);
    expect(collect(collector, heapUsed)).toBe(false);
    // A collection for growth restarts the count of bytes too: half the threshold before it and half after make none.
    received(COLLECT_AFTER_BYTES / 2, collector);
    used += COLLECT_AFTER_GROWTH;
    expect(collect(collector, heapUsed)).toBe(true);
    received(COLLECT_AFTER_BYTES / 2, collector);
    expect(collect(collector, heapUsed)).toBe(false);
    expect(counts.full).toBe(3);
  });

  it("finds V8's gc function without --expose-gc and it runs", () => {
    const gc = gcFunction();
    expect(typeof gc).toBe('function');
    gc?.();
    gc?.({ type: 'minor' });
    noteReceived(COLLECT_AFTER_BYTES);
    expect(collectAfterCheck()).toBe(true);
  });
});
