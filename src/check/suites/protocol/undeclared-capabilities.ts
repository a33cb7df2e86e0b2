/**
 * A method behind a capability the server did not declare answers -32601 Method not found
 * (DIGEST §0.2). A successful answer means the server implements something it does not declare,
 * so a client that trusts the declaration never finds it.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import type { Evidence } from '../../types.js';
import { probesFor } from './capability-probes.js';
import { describeAnswer, errorOf, exchange, eraMessage, probeId, evidenceOf } from './probe.js';

export default defineCheck({
  id: 'protocol.undeclared-capability-not-found',
  title: 'Methods of undeclared capabilities answer -32601',
  suite: 'protocol',
  requirements: ['LIFE-19'],
  eras: ['modern'],
  transports: ['stdio', 'http'],
  spec: 'basic#error-codes',
  async run(ctx) {
    const probes = probesFor(ctx.era);
    const undeclared = probes.filter((probe) => !(probe.capability in ctx.client.serverCapabilities));
    if (undeclared.length === 0) return skip(`the server declares every capability mcpvet can probe (${probes.map((probe) => probe.capability).join(', ')})`);
    const problems: string[] = [];
    const evidence: Evidence[] = [];
    for (const probe of undeclared) {
      const answer = await exchange(ctx.client, eraMessage(ctx.client, probeId('undeclared'), probe.method, probe.params), { timeoutMs: ctx.timeoutMs });
      if (errorOf(answer)?.code === ErrorCode.MethodNotFound) continue;
      problems.push(`"${probe.capability}" is not declared, yet ${probe.method} got ${describeAnswer(answer)} instead of -32601`);
      evidence.push(evidenceOf(answer));
    }
    if (problems.length > 0) return violation('undeclared-served', problems.join('; '), evidence);
    return pass(`${undeclared.map((probe) => probe.method).join(', ')} (capabilities not declared) answered -32601`);
  },
});
