/**
 * A response carries the id of the request it answers, with the same type: a string id comes back
 * as that string, an integer id as that integer (JSON-RPC 2.0 §5). Errors (BASE-08) are probed
 * with an unknown method, which every server must refuse; results (BASE-04) with the era's
 * cheapest request (server/discover, ping). Once with each id type; the string one is not ASCII.
 */
import type { JsonObject, McpClient } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, violation } from '../../define.js';
import type { Evidence, Finding } from '../../types.js';
import { describeAnswer, exchange, eraMessage, probeId, evidenceOf } from '../../probes/protocol/probe.js';

/** Far above the client's own integer ids, which count up from 1. */
const INTEGER_ID = 987_654_321;

export default defineCheck({
  id: 'protocol.error-echoes-request-id',
  title: 'Responses echo the request id (string and integer)',
  suite: 'protocol',
  requirements: ['BASE-08', 'BASE-04'],
  spec: 'basic#responses',
  async run(ctx) {
    const problems: string[] = [];
    const evidence: Evidence[] = [];
    for (const id of [probeId('echo'), INTEGER_ID]) {
      const message = eraMessage(ctx.client, id, 'mcpvet/no-such-method');
      // Any response id counts as the answer here, so a wrong one is reported rather than waited out.
      const answer = await exchange(ctx.client, message, { timeoutMs: ctx.timeoutMs, ids: [id, null] });
      const response = answer.response;
      evidence.push(evidenceOf(answer));
      if (!response || !isObject(response.error)) {
        problems.push(`mcpvet/no-such-method with ${typeof id} id ${JSON.stringify(id)} got ${describeAnswer(answer)}, not an error response`);
        continue;
      }
      if (!sameId(response, id))
        problems.push(
          `the error for ${typeof id === 'string' ? 'string' : 'integer'} id ${JSON.stringify(id)} came back with id ${JSON.stringify(response.id)}`,
        );
    }
    const results = await resultIdProblems(ctx.client, ctx.timeoutMs);
    const findings: Finding[] = [];
    if (problems.length > 0)
      findings.push({
        ...violation('id-not-echoed', `${problems.join('; ')}; an error response must carry the request's id unchanged`, evidence),
        requirement: 'BASE-08',
      });
    if (results.problems.length > 0)
      findings.push({
        ...violation('result-id-not-echoed', `${results.problems.join('; ')}; a result must carry the request's id unchanged`, results.evidence),
        requirement: 'BASE-04',
      });
    if (findings.length > 0) return findings;
    return pass('errors and results for a string id and for an integer id carried the same id back', [...evidence, ...results.evidence]);
  },
});

/** A result is only awaited under the id it should carry, so any response id counts as the answer here too. */
async function resultIdProblems(client: McpClient, timeoutMs: number): Promise<{ problems: string[]; evidence: Evidence[] }> {
  const method = client.era === 'modern' ? 'server/discover' : 'ping';
  const problems: string[] = [];
  const evidence: Evidence[] = [];
  for (const id of [probeId('écho-✓'), INTEGER_ID + 1]) {
    const answer = await exchange(client, eraMessage(client, id, method), { timeoutMs, ids: [id, null] });
    evidence.push(evidenceOf(answer));
    const response = answer.response;
    if (!response || !isObject(response.result)) continue; // no result to judge: other checks judge the method itself
    if (!sameId(response, id))
      problems.push(
        `the ${method} result for ${typeof id === 'string' ? 'string' : 'integer'} id ${JSON.stringify(id)} came back with id ${JSON.stringify(response.id)}`,
      );
  }
  return { problems, evidence };
}

function sameId(response: JsonObject, id: string | number): boolean {
  return 'id' in response && response.id === id;
}
