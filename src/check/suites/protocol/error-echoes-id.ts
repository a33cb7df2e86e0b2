/**
 * An error response carries the id of the request it answers, with the same type: a string id
 * comes back as that string, an integer id as that integer (JSON-RPC 2.0 §5). Probed with an
 * unknown method, which every server must refuse, once with each id type.
 */
import type { JsonObject } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, violation } from '../../define.js';
import type { Evidence } from '../../types.js';
import { describeAnswer, exchange, eraMessage, probeId, evidenceOf } from './probe.js';

/** Far above the client's own integer ids, which count up from 1. */
const INTEGER_ID = 987_654_321;

export default defineCheck({
  id: 'protocol.error-echoes-request-id',
  title: 'Error responses echo the request id (string and integer)',
  suite: 'protocol',
  requirements: ['BASE-08'],
  eras: ['modern', 'legacy'],
  transports: ['stdio', 'http'],
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
      if (!sameId(response, id)) problems.push(`the error for ${typeof id === 'string' ? 'string' : 'integer'} id ${JSON.stringify(id)} came back with id ${JSON.stringify(response.id)}`);
    }
    if (problems.length > 0) return violation('id-not-echoed', `${problems.join('; ')}; an error response must carry the request's id unchanged`, evidence);
    return pass('error responses to a string id and to an integer id carried the same id back', evidence);
  },
});

function sameId(response: JsonObject, id: string | number): boolean {
  return 'id' in response && response.id === id;
}
