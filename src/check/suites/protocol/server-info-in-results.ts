/**
 * Modern results SHOULD carry `_meta["io.modelcontextprotocol/serverInfo"]`, an Implementation
 * with `name` and `version` (DIGEST §1 "Results", §2): the 2026 revision has no initialize, so
 * this is where a client learns who answered. Judged on server/discover and on the list method
 * of each declared capability.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { META } from '../../../protocol/meta.js';
import { defineCheck, pass, violation } from '../../define.js';
import type { Evidence } from '../../types.js';
import { probesFor } from '../../probes/protocol/capability-probes.js';
import { describeAnswer, exchange, eraMessage, probeId, evidenceOf } from '../../probes/protocol/probe.js';

export default defineCheck({
  id: 'protocol.server-info-in-results',
  title: 'Results carry serverInfo in _meta',
  suite: 'protocol',
  requirements: ['LIFE-03'],
  eras: ['modern'],
  spec: 'basic#results',
  async run(ctx) {
    const methods = [
      'server/discover',
      ...probesFor('modern')
        .filter((probe) => probe.listField && probe.capability in ctx.client.serverCapabilities)
        .map((probe) => probe.method),
    ];
    const problems: string[] = [];
    const evidence: Evidence[] = [];
    let judged = 0;
    for (const method of methods) {
      const answer = await exchange(ctx.client, eraMessage(ctx.client, probeId('server-info'), method), { timeoutMs: ctx.timeoutMs });
      const result = answer.response?.result;
      if (!isObject(result)) {
        if (method === 'server/discover')
          return violation('no-discover-result', `server/discover got ${describeAnswer(answer)}, so there is no result to carry serverInfo`, [
            evidenceOf(answer),
          ]);
        continue; // protocol.declared-capabilities-implemented reports a list method that fails
      }
      judged++;
      const problem = serverInfoProblem(isObject(result._meta) ? result._meta[META.serverInfo] : undefined);
      if (problem) {
        problems.push(`the ${method} result ${problem}`);
        evidence.push(evidenceOf(answer));
      }
    }
    if (problems.length > 0)
      return violation(
        'missing-server-info',
        `${problems.join('; ')}; every result should name the server in _meta["${META.serverInfo}"] ({name, version})`,
        evidence,
      );
    return pass(`${judged} result(s) (${methods.join(', ')}) carry _meta["${META.serverInfo}"]`);
  },
});

function serverInfoProblem(info: unknown): string | undefined {
  if (info === undefined) return `has no _meta["${META.serverInfo}"]`;
  if (!isObject(info)) return `has _meta["${META.serverInfo}"] = ${JSON.stringify(info)}, not an object`;
  const missing = ['name', 'version'].filter((key) => typeof info[key] !== 'string');
  return missing.length ? `has a serverInfo without ${missing.join(' and ')} strings` : undefined;
}
