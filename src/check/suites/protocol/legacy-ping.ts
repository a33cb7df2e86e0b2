/** Legacy `ping`: the receiver MUST answer promptly with an empty result (2025-11-25 basic/utilities/ping). */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, violation } from '../../define.js';
import { describeAnswer, exchange, eraMessage, probeId, evidenceOf } from '../../probes/protocol/probe.js';

export default defineCheck({
  id: 'protocol.legacy-ping',
  title: 'ping is answered with an empty result',
  suite: 'protocol',
  requirements: ['PING-01'],
  eras: ['legacy'],
  spec: '2025-11-25/basic/utilities/ping',
  async run(ctx) {
    const answer = await exchange(ctx.client, eraMessage(ctx.client, probeId('ping'), 'ping'), { timeoutMs: ctx.timeoutMs });
    const evidence = [evidenceOf(answer)];
    const result = answer.response?.result;
    if (!isObject(result)) return violation('no-result', `ping got ${describeAnswer(answer)}; it must get an empty result`, evidence);
    // `_meta` may be added to any result; anything else makes it non-empty.
    const extra = Object.keys(result).filter((key) => key !== '_meta');
    if (extra.length > 0)
      return violation('non-empty-result', `ping was answered with a result carrying ${extra.map((key) => `"${key}"`).join(', ')}; it must be empty`, evidence);
    return pass('ping was answered with an empty result', evidence);
  },
});
