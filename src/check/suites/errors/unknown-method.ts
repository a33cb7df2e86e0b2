/** A method the server does not have gets -32601 Method not found (JSON-RPC 2.0 §5.1; DIGEST §0.2). */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, violation } from '../../define.js';
import { describeAnswer, errorOf, evidenceOf, exchange, eraMessage, probeId } from '../../probes/protocol/probe.js';

const UNKNOWN_METHOD = 'mcpvet/no-such-method';

export default defineCheck({
  id: 'errors.unknown-method',
  title: 'An unknown method gets -32601',
  suite: 'errors',
  requirements: ['BASE-14'],
  spec: 'basic#error-codes',
  async run(ctx) {
    const answer = await exchange(ctx.client, eraMessage(ctx.client, probeId('unknown-method'), UNKNOWN_METHOD), { timeoutMs: ctx.timeoutMs });
    const evidence = [evidenceOf(answer)];
    if (errorOf(answer)?.code !== ErrorCode.MethodNotFound)
      return violation(
        'not-method-not-found',
        `${UNKNOWN_METHOD} got ${describeAnswer(answer)}; an unknown method must get error -32601 (Method not found)`,
        evidence,
      );
    return pass(`${UNKNOWN_METHOD} got -32601`, evidence);
  },
});
