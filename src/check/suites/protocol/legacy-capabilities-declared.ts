/**
 * 2025-11-25: a server that supports tools, resources, prompts or completions declares that
 * capability in `initialize` (LIFE-15, MUST), and completion/complete without the completions
 * capability SHOULD get -32601 (CMP-04). The legacy schema has no general -32601 rule for
 * undeclared capabilities (protocol.undeclared-capability-not-found is modern only), so an
 * empty list or an error there is no verdict: only content served undeclared is.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import type { Finding } from '../../types.js';
import { probesFor, servesContent } from '../../probes/protocol/capability-probes.js';
import { describeAnswer, errorOf, evidenceOf, exchange, eraMessage, probeId } from '../../probes/protocol/probe.js';

export default defineCheck({
  id: 'protocol.legacy-capabilities-declared',
  title: 'What the server supports, it declares in initialize (completion without it: -32601)',
  suite: 'protocol',
  requirements: ['LIFE-15', 'CMP-04'],
  eras: ['legacy'],
  spec: 'server/tools#capabilities',
  async run(ctx) {
    // logging/setLevel proves nothing: its result is empty whether or not logging is supported.
    const probes = probesFor('legacy').filter((probe) => probe.capability !== 'logging');
    const undeclared = probes.filter((probe) => !(probe.capability in ctx.client.serverCapabilities));
    if (undeclared.length === 0) return skip(`the server declares every capability mcpvet can probe (${probes.map((probe) => probe.capability).join(', ')})`);
    const findings: Finding[] = [];
    for (const probe of undeclared) {
      const answer = await exchange(ctx.client, eraMessage(ctx.client, probeId('undeclared'), probe.method, probe.params), { timeoutMs: ctx.timeoutMs });
      const evidence = [evidenceOf(answer)];
      const got = `"${probe.capability}" is not declared, yet ${probe.method} got ${describeAnswer(answer)}`;
      const location = { method: probe.method };
      if (servesContent(probe, answer.response?.result))
        findings.push({
          ...violation('supported-undeclared', `${got}: the server supports ${probe.capability} and must declare it`, evidence, location),
          requirement: 'LIFE-15',
        });
      else if (probe.capability === 'completions' && errorOf(answer)?.code !== ErrorCode.MethodNotFound)
        findings.push({ ...violation('completion-not-method-not-found', `${got} instead of -32601`, evidence, location), requirement: 'CMP-04' });
    }
    if (findings.length > 0) return findings;
    return pass(`${undeclared.map((probe) => probe.method).join(', ')} (capabilities not declared) served nothing`);
  },
});
