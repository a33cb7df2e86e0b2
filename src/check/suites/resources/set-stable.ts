/**
 * 2026-07-28: the resource set MUST NOT vary per connection or as a side effect of other
 * requests. Two fresh connections (two processes over stdio, so no other check's calls are in
 * play): the first lists; the second reads listed resources and templates, then lists; the first
 * lists again. A difference only the reading connection sees is per-connection variance. A
 * difference both see may be another client's change (a tools/call of a concurrent check), so
 * the reader then reads the new entries: a set that changes again after reads changes with reads.
 */
import type { McpClient } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import type { CheckContext, Evidence } from '../../types.js';
import { listPages, listingFrames, type Listing } from '../../probes/tools/list-pages.js';

const READS = 3;

export default defineCheck({
  id: 'resources.set-stable',
  title: 'The resource set is the same on every connection and after other requests',
  suite: 'resources',
  requirements: ['RES-04'],
  eras: ['modern'],
  requires: ['resources'],
  spec: 'server/resources#listing-resources',
  freshProcesses: 2,
  async run(ctx) {
    // Opened side by side: over stdio each is a server process to wait for.
    const [observer, reader] = await Promise.all([ctx.openClient(), ctx.openClient()]);
    const first = await listPages(observer, 'resources/list');
    if (first.problem) return skip(`cannot compare listings: ${first.problem.message}`);
    const round = await readThenList(ctx, observer, reader, uris(first).slice(0, READS));
    if ('unusable' in round) return skip(round.unusable);
    const [a, b, c] = [new Set(uris(first)), new Set(uris(round.second)), new Set(uris(round.again))];
    const evidence = [ctx.evidence(listingFrames(first), observer), ...round.evidence];
    if (same(a, b)) return pass(`${a.size} resource(s): the same set on a second connection after ${round.reads}`);
    const where = ctx.transport === 'stdio' ? 'two server processes' : 'two connections';
    if (!same(b, c)) {
      return violation(
        'set-differs',
        `${where} listed different resources (${difference(a, b)}), and the first still lists its own set afterwards; the resource set must not vary per connection or with ${round.reads}`,
        evidence,
      );
    }
    // Both connections see the change: read what appeared and see whether the set moves again.
    const added = [...b].filter((uri) => !a.has(uri));
    const next = await readThenList(ctx, observer, reader, (added.length ? added : [...b]).slice(0, READS));
    if ('unusable' in next) return skip(next.unusable);
    const d = new Set(uris(next.second));
    if (same(b, d))
      return pass(
        `${b.size} resource(s): the set changed once for every connection (another client's request, it seems), then stayed the same after ${next.reads}`,
      );
    return violation(
      'changes-with-reads',
      `the resource set changed after ${round.reads} (${difference(a, b)}) and again after ${next.reads} (${difference(b, d)}), for every connection; the resource set must not change as a side effect of other requests`,
      [...evidence, ...next.evidence],
    );
  },
});

type Round = { second: Listing; again: Listing; evidence: Evidence[]; reads: string } | { unusable: string };

async function readThenList(ctx: CheckContext, observer: McpClient, reader: McpClient, toRead: string[]): Promise<Round> {
  for (const uri of toRead) await reader.readResource(uri);
  await listPages(reader, 'resources/templates/list');
  const second = await listPages(reader, 'resources/list');
  const again = await listPages(observer, 'resources/list');
  const broken = second.problem ?? again.problem;
  if (broken) return { unusable: `cannot compare listings: ${broken.message}` };
  return {
    second,
    again,
    reads: `${toRead.length} resources/read and a resources/templates/list`,
    evidence: [ctx.evidence(listingFrames(second), reader), ctx.evidence(listingFrames(again), observer)],
  };
}

const uris = (listing: Listing): string[] => listing.items.map((item) => (isObject(item) && typeof item.uri === 'string' ? item.uri : JSON.stringify(item)));
const same = (a: Set<string>, b: Set<string>): boolean => a.size === b.size && [...a].every((uri) => b.has(uri));

function difference(before: Set<string>, after: Set<string>): string {
  const added = [...after].filter((uri) => !before.has(uri));
  const removed = [...before].filter((uri) => !after.has(uri));
  return [added.length ? `new: ${added.slice(0, 3).join(', ')}` : '', removed.length ? `gone: ${removed.slice(0, 3).join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
}
