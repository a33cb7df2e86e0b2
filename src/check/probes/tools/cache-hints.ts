/**
 * Caching hints (SEP-2549, DIGEST §6 "Caching"): in 2026-07-28 a complete result of
 * server/discover, tools/list, prompts/list, resources/list, resources/templates/list and
 * resources/read MUST carry ttlMs (an integer >= 0) and cacheScope ("public" | "private").
 */
import type { JsonObject } from '../../../client/types.js';

export function cacheHintProblems(result: JsonObject): string[] {
  // Interim MRTR results are not cacheable and carry no hints.
  if (result.resultType !== undefined && result.resultType !== 'complete') return [];
  const problems: string[] = [];
  const { ttlMs, cacheScope } = result;
  if (ttlMs === undefined) problems.push('ttlMs is missing');
  else if (typeof ttlMs !== 'number' || !Number.isInteger(ttlMs)) problems.push(`ttlMs is ${JSON.stringify(ttlMs)}, not an integer`);
  else if (ttlMs < 0) problems.push(`ttlMs is ${ttlMs}, below 0`);
  if (cacheScope === undefined) problems.push('cacheScope is missing');
  else if (cacheScope !== 'public' && cacheScope !== 'private') problems.push(`cacheScope is ${JSON.stringify(cacheScope)}, not "public" or "private"`);
  return problems;
}
