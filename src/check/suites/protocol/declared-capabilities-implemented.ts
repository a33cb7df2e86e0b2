/**
 * Every capability the server declares is implemented: its list method answers with a result
 * (completion/complete may refuse the made-up reference, but not with -32601 Method not found).
 * A method that gives no answer in time is not judged: silence within mcpvet's timeout (on a
 * loaded machine, say) shows nothing about whether the capability is served.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, incomplete, pass, skip, violation } from '../../define.js';
import type { Evidence } from '../../types.js';
import { probesFor, type CapabilityProbe } from '../../probes/protocol/capability-probes.js';
import { describeAnswer, errorOf, exchange, eraMessage, probeId, silent, type Answer, evidenceOf } from '../../probes/protocol/probe.js';

export default defineCheck({
  id: 'protocol.declared-capabilities-implemented',
  title: 'Every declared capability is implemented',
  suite: 'protocol',
  requirements: ['LIFE-16', 'LOG-05'],
  spec: 'basic/lifecycle#capability-negotiation',
  async run(ctx) {
    const declared = probesFor(ctx.era).filter((probe) => probe.capability in ctx.client.serverCapabilities);
    if (declared.length === 0) return skip('the server declares none of the tools, resources, prompts, completions (or legacy logging) capabilities');
    const problems: string[] = [];
    const unanswered: string[] = [];
    const silence: Evidence[] = [];
    const evidence: Evidence[] = [];
    for (const probe of declared) {
      const answer = await exchange(ctx.client, eraMessage(ctx.client, probeId('declared'), probe.method, probe.params), { timeoutMs: ctx.timeoutMs });
      if (silent(answer)) {
        unanswered.push(probe.method);
        silence.push(evidenceOf(answer));
        continue;
      }
      const problem = problemOf(probe, answer);
      if (!problem) continue;
      problems.push(`the server declares "${probe.capability}" but ${probe.method} ${problem}`);
      evidence.push(evidenceOf(answer));
    }
    if (problems.length > 0) return violation('capability-not-served', problems.join('; '), evidence);
    if (unanswered.length > 0) {
      const notJudged = incomplete(
        'no-answer',
        `${unanswered.join(', ')} got no answer within ${ctx.timeoutMs} ms, so ${unanswered.length === 1 ? 'its capability is' : 'their capabilities are'} not judged (a longer --timeout may tell)`,
      );
      return { ...notJudged, evidence: silence };
    }
    return pass(`${declared.map((probe) => `${probe.capability} (${probe.method})`).join(', ')} answered as declared`);
  },
});

function problemOf(probe: CapabilityProbe, answer: Answer): string | undefined {
  const result = answer.response?.result;
  if (probe.capability === 'completions') {
    if (!answer.response) return `got ${describeAnswer(answer)}`;
    return errorOf(answer)?.code === ErrorCode.MethodNotFound ? `got ${describeAnswer(answer)}` : undefined;
  }
  if (!isObject(result)) return `got ${describeAnswer(answer)}`;
  if (probe.listField && !Array.isArray(result[probe.listField])) return `returned a result without a "${probe.listField}" array`;
  return undefined;
}
