/** logging/setLevel with a level that does not exist SHOULD get -32602 (2025-11-25 logging#error-handling). */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, violation } from '../../define.js';
import { describeAnswer, errorOf, evidenceOf, exchange, eraMessage, probeId } from '../../probes/protocol/probe.js';

export default defineCheck({
  id: 'utilities.legacy-set-level-invalid',
  title: 'logging/setLevel with an invalid level gets -32602',
  suite: 'utilities',
  requirements: ['LOG-06'],
  eras: ['legacy'],
  requires: ['logging'],
  spec: 'server/utilities/logging#error-handling',
  async run(ctx) {
    const answer = await exchange(ctx.client, eraMessage(ctx.client, probeId('set-level'), 'logging/setLevel', { level: 'loudest' }), {
      timeoutMs: ctx.timeoutMs,
    });
    if (errorOf(answer)?.code === ErrorCode.InvalidParams) return pass('logging/setLevel "loudest" got -32602', [evidenceOf(answer)]);
    return violation('invalid-level-accepted', `logging/setLevel "loudest" (no such level) got ${describeAnswer(answer)}, not -32602`, [evidenceOf(answer)], {
      method: 'logging/setLevel',
    });
  },
});
