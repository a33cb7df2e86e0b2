/** 2026-07-28: a complete resources/read result MUST carry ttlMs and cacheScope. */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { summarize } from '../../probes/tools/answer.js';
import { cacheHintProblems } from '../../probes/tools/cache-hints.js';
import { readListed } from '../../probes/resources/read-listed.js';

export default defineCheck({
  id: 'resources.read-cache-hints',
  title: 'resources/read results carry ttlMs and cacheScope',
  suite: 'resources',
  requirements: ['CACHE-01', 'CACHE-02', 'CACHE-03'],
  eras: ['modern'],
  requires: ['resources'],
  spec: 'server/utilities/caching',
  async run(ctx) {
    const run = await readListed(ctx.client);
    if (!run.reads) return skip(run.none);
    const results = run.reads.filter(({ outcome }) => isObject(outcome.result));
    if (results.length === 0) return skip('no read of a listed resource returned a result (see resources.read-listed)');
    const problems: string[] = [];
    const bad = results.filter(({ uri, outcome }) => {
      const found = cacheHintProblems(outcome.result!);
      for (const item of found.map((problem) => `${uri}: ${problem}`)) problems.push(item);
      return found.length > 0;
    });
    if (bad.length > 0)
      return violation(
        'missing-cache-hints',
        `resources/read results must carry ttlMs (an integer >= 0) and cacheScope ("public" or "private"): ${summarize(problems)}`,
        bad.map(({ outcome }) => ctx.evidence(outcome.frames)),
      );
    return pass(`${results.length} resources/read result(s) carry ttlMs and cacheScope`);
  },
});
