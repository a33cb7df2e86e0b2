import { describe, expect, it } from 'vitest';
import { orderDifference, setDifference } from '../../src/check/probes/tools/name-order.js';

describe('comparing two listings of tool names', () => {
  it('is linear: two listings of 200,000 names compare in seconds, not minutes', () => {
    const first = Array.from({ length: 200_000 }, (_, i) => `tool_${i}`);
    const second = [...first.slice(1), 'tool_new'];
    const started = performance.now();
    expect(orderDifference(first, second)).toBeUndefined();
    expect(setDifference(first, second)).toEqual({ onlyFirst: ['tool_0'], onlySecond: ['tool_new'] });
    // Array.includes per name took minutes here.
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('names where the shared names first differ in order', () => {
    expect(orderDifference(['a', 'b', 'c'], ['a', 'c', 'b'])).toContain('position 2 is "b" the first time and "c" the second time');
  });
});
