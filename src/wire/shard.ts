/**
 * `--shard i/n`: one of n CI jobs runs the i-th part of the work. The split is round-robin over
 * the sorted keys (check ids, tool names, task ids): it depends on nothing but the keys, so every
 * job of a matrix, given the same selection, computes the same parts; and the parts differ in
 * size by at most one, which a hash modulo n does not promise for a few dozen keys.
 */
export interface Shard {
  /** 1-based. */
  index: number;
  total: number;
}

export const MAX_SHARDS = 1000;

export class ShardSyntaxError extends Error {
  override name = 'ShardSyntaxError';
}

/** `2/3` -> { index: 2, total: 3 }; anything else is a one-line error. */
export function parseShard(text: string): Shard {
  const match = /^\s*(\d{1,4})\s*\/\s*(\d{1,4})\s*$/.exec(text);
  const index = Number(match?.[1]);
  const total = Number(match?.[2]);
  if (!match || index < 1 || total < 1 || index > total || total > MAX_SHARDS)
    throw new ShardSyntaxError(`--shard ${JSON.stringify(text)}: write i/n with 1 <= i <= n <= ${MAX_SHARDS}, e.g. 2/3`);
  return { index, total };
}

/** The items of this shard, in their given order. Items with the same key go to the same shard. */
export function inShard<T>(items: readonly T[], keyOf: (item: T) => string, shard: Shard | undefined): T[] {
  if (!shard) return [...items];
  const keys = [...new Set(items.map(keyOf))].sort();
  const mine = new Set(keys.filter((_, position) => position % shard.total === shard.index - 1));
  return items.filter((item) => mine.has(keyOf(item)));
}
