/** `--shard i/n` of check, fuzz and eval: a mistake is one usage line (exit 1). */
import { parseShard, type Shard } from '../wire/shard.js';
import { usageError } from './cli-error.js';

export function parseShardFlag(text: string | undefined): Shard | undefined {
  if (text === undefined) return undefined;
  try {
    return parseShard(text);
  } catch (error) {
    throw usageError((error as Error).message);
  }
}
