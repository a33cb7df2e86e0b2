/** answers-in-time: a tool that never answers for more than 3 tags is found and shrunk to 4 empty tags. */
import { describe, expect, it } from 'vitest';
import { failuresOf, fuzzFixture } from './helpers.js';

describe('mcpvet fuzz on a tool that hangs', () => {
  it('finds the hang and shrinks it to the shortest list that hangs; restarts are not blamed on the input', async () => {
    const result = await fuzzFixture('fuzz-hangs-on-long-list', ['--seed', '5', '--timeout', '800', '--tool', 'tag_all', '--format', 'json'], {
      timeoutMs: 28_000,
    });
    expect(result.code, result.stderr).toBe(2);
    expect(failuresOf(result)).toMatchObject([
      { property: 'answers-in-time', tool: 'tag_all', pointer: '/tags', args: { tags: ['', '', '', ''] }, reproduced: true },
    ]);
    expect(failuresOf(result)[0]!.reproduce).toContain('--timeout 800');
  });
});
