/**
 * server/discover (MUST be implemented) returns a DiscoverResult: resultType "complete",
 * supportedVersions (strings, including the version it was asked in), capabilities (an object),
 * ttlMs (an integer >= 0) and cacheScope ("public" | "private"); instructions, when present, a
 * string (DIGEST §2 "Shape").
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, violation } from '../../define.js';
import { describeAnswer, exchange, eraMessage, probeId, evidenceOf } from '../../probes/protocol/probe.js';

export default defineCheck({
  id: 'protocol.discover-shape',
  title: 'server/discover returns supportedVersions, capabilities, ttlMs and cacheScope',
  suite: 'protocol',
  requirements: ['LIFE-01', 'LIFE-02', 'CACHE-02', 'CACHE-03'],
  eras: ['modern'],
  spec: 'server/discover',
  async run(ctx) {
    const answer = await exchange(ctx.client, eraMessage(ctx.client, probeId('discover'), 'server/discover'), { timeoutMs: ctx.timeoutMs });
    const evidence = [evidenceOf(answer)];
    const result = answer.response?.result;
    if (!isObject(result))
      return violation('no-result', `server/discover got ${describeAnswer(answer)}; servers must implement it and return a DiscoverResult`, evidence);
    const problems = discoverProblems(result, ctx.client.protocolVersion);
    if (problems.length > 0) return violation('malformed-result', `the server/discover result is malformed: ${problems.join('; ')}`, evidence);
    return pass(
      `server/discover lists ${JSON.stringify(result.supportedVersions)}, capabilities ${JSON.stringify(Object.keys(result.capabilities as object))}, ttlMs ${String(result.ttlMs)}, cacheScope "${String(result.cacheScope)}"`,
      evidence,
    );
  },
});

export function discoverProblems(result: Record<string, unknown>, askedVersion: string): string[] {
  const problems: string[] = [];
  if (result.resultType !== 'complete') problems.push(`resultType is ${JSON.stringify(result.resultType)}, not "complete"`);
  const versions = result.supportedVersions;
  if (!Array.isArray(versions) || versions.length === 0 || !versions.every((version) => typeof version === 'string')) {
    problems.push(`supportedVersions is ${JSON.stringify(versions)}, not a non-empty array of version strings`);
  } else if (!versions.includes(askedVersion)) {
    problems.push(`supportedVersions ${JSON.stringify(versions)} leaves out "${askedVersion}", the version the request was sent in and answered`);
  }
  if (!isObject(result.capabilities)) problems.push(`capabilities is ${JSON.stringify(result.capabilities)}, not an object`);
  const ttl = result.ttlMs;
  if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 0) problems.push(`ttlMs is ${JSON.stringify(ttl)}, not an integer >= 0`);
  if (result.cacheScope !== 'public' && result.cacheScope !== 'private')
    problems.push(`cacheScope is ${JSON.stringify(result.cacheScope)}, not "public" or "private"`);
  if (result.instructions !== undefined && typeof result.instructions !== 'string')
    problems.push(`instructions is ${JSON.stringify(result.instructions)}, not a string`);
  return problems;
}
