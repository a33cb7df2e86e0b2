/**
 * A method behind a capability the server did not declare answers -32601 Method not found
 * (DIGEST §0.2). A successful answer means the server implements something it does not declare,
 * so a client that trusts the declaration never finds it: with content (a non-empty list, some
 * completion values) that is a capability the server supports and MUST declare (LIFE-15); an empty
 * list is no sign of support (interop FINDINGS: SDKs answer unregistered lists so). completion/
 * complete without the completions capability SHOULD be -32601 (CMP-04).
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import type { Finding } from '../../types.js';
import { probesFor, type CapabilityProbe } from '../../probes/protocol/capability-probes.js';
import { describeAnswer, errorOf, exchange, eraMessage, probeId, evidenceOf, type Answer } from '../../probes/protocol/probe.js';

export default defineCheck({
  id: 'protocol.undeclared-capability-not-found',
  title: 'Methods of undeclared capabilities answer -32601',
  suite: 'protocol',
  requirements: ['LIFE-19', 'LIFE-15', 'CMP-04'],
  eras: ['modern'],
  spec: 'basic#error-codes',
  async run(ctx) {
    const probes = probesFor(ctx.era);
    const undeclared = probes.filter((probe) => !(probe.capability in ctx.client.serverCapabilities));
    if (undeclared.length === 0) return skip(`the server declares every capability mcpvet can probe (${probes.map((probe) => probe.capability).join(', ')})`);
    const findings: Finding[] = [];
    for (const probe of undeclared) {
      const answer = await exchange(ctx.client, eraMessage(ctx.client, probeId('undeclared'), probe.method, probe.params), { timeoutMs: ctx.timeoutMs });
      if (errorOf(answer)?.code === ErrorCode.MethodNotFound) continue;
      findings.push(judge(probe, answer));
    }
    if (findings.length > 0) return findings;
    return pass(`${undeclared.map((probe) => probe.method).join(', ')} (capabilities not declared) answered -32601`);
  },
});

function judge(probe: CapabilityProbe, answer: Answer): Finding {
  const evidence = [evidenceOf(answer)];
  const got = `"${probe.capability}" is not declared, yet ${probe.method} got ${describeAnswer(answer)}`;
  if (servesContent(probe, answer))
    return {
      ...violation('supported-undeclared', `${got}: the server supports ${probe.capability} and must declare it`, evidence, { method: probe.method }),
      requirement: 'LIFE-15',
    };
  if (probe.capability === 'completions')
    return { ...violation('completion-not-method-not-found', `${got} instead of -32601`, evidence, { method: probe.method }), requirement: 'CMP-04' };
  return { ...violation('undeclared-served', `${got} instead of -32601`, evidence, { method: probe.method }), requirement: 'LIFE-19' };
}

/** A result with something in it: list items, or completion values. */
function servesContent(probe: CapabilityProbe, answer: Answer): boolean {
  const result = answer.response && isObject(answer.response.result) ? answer.response.result : undefined;
  if (!result) return false;
  if (probe.listField) return Array.isArray(result[probe.listField]) && (result[probe.listField] as unknown[]).length > 0;
  const completion = isObject(result.completion) ? result.completion : undefined;
  return Array.isArray(completion?.values) && completion.values.length > 0;
}
