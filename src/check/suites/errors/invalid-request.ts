/**
 * JSON that is not a valid request object gets -32600 Invalid Request (JSON-RPC 2.0 §5.1):
 * one probe without `method`, one with `"jsonrpc": "1.0"`. The answer's id may be the probe's
 * or null (JSON-RPC allows null when the id could not be trusted).
 */
import type { JsonObject } from '../../../client/types.js';
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, violation } from '../../define.js';
import type { Evidence } from '../../types.js';
import { describeAnswer, errorOf, evidenceOf, eraMessage, exchangeOrOvertaken, probeId } from '../../probes/protocol/probe.js';
import { clientForNullIdProbe } from '../../probes/errors/separate-client.js';

export default defineCheck({
  id: 'errors.invalid-request',
  title: 'An invalid request object gets -32600',
  suite: 'errors',
  requirements: ['BASE-13'],
  spec: 'basic#error-codes',
  freshProcesses: 1,
  async run(ctx) {
    const client = await clientForNullIdProbe(ctx);
    const noMethodId = probeId('no-method');
    const wrongVersion: JsonObject = { ...eraMessage(client, probeId('jsonrpc-1'), client.era === 'modern' ? 'server/discover' : 'ping'), jsonrpc: '1.0' };
    const probes: { label: string; message: JsonObject | string; id: string }[] = [
      // Sent as text: a message object without a method would not be waited on by the channel.
      { label: 'a request without "method"', message: JSON.stringify({ jsonrpc: '2.0', id: noMethodId }), id: noMethodId },
      { label: `a ${String(wrongVersion.method)} request with "jsonrpc": "1.0"`, message: wrongVersion, id: wrongVersion.id as string },
    ];
    const problems: string[] = [];
    const evidence: Evidence[] = [];
    for (const probe of probes) {
      const answer = await exchangeOrOvertaken(client, probe.message, { timeoutMs: ctx.timeoutMs, ids: [probe.id, null] });
      evidence.push(evidenceOf(answer));
      if (errorOf(answer)?.code !== ErrorCode.InvalidRequest) problems.push(`${probe.label} got ${describeAnswer(answer)}`);
    }
    if (problems.length > 0)
      return violation('not-32600', `${problems.join('; ')}; an invalid request object must get error -32600 (Invalid Request)`, evidence);
    return pass(`${probes.map((probe) => probe.label).join(' and ')} got -32600`, evidence);
  },
});
