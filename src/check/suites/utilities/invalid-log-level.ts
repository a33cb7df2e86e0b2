/**
 * A 2026-07-28 request whose logLevel is not a LoggingLevel SHOULD be rejected with -32602
 * (server/utilities/logging#error-handling). Probed with the cheapest request the server declares.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { META } from '../../../protocol/meta.js';
import { defineCheck, pass, violation } from '../../define.js';
import { describeAnswer, errorOf, evidenceOf, exchange, eraMessage, modernMeta, probeId } from '../../probes/protocol/probe.js';

const LIST_METHODS: [string, string][] = [
  ['tools', 'tools/list'],
  ['resources', 'resources/list'],
  ['prompts', 'prompts/list'],
];

export default defineCheck({
  id: 'utilities.invalid-log-level',
  title: 'A request with an invalid logLevel gets -32602',
  suite: 'utilities',
  requirements: ['LOG-03'],
  eras: ['modern'],
  requires: ['logging'],
  spec: 'server/utilities/logging#error-handling',
  async run(ctx) {
    const method = LIST_METHODS.find(([capability]) => capability in ctx.client.serverCapabilities)?.[1] ?? 'server/discover';
    const message = eraMessage(ctx.client, probeId('log-level'), method, { _meta: modernMeta(ctx.client, { [META.logLevel]: 'loudest' }) });
    const answer = await exchange(ctx.client, message, { timeoutMs: ctx.timeoutMs });
    if (errorOf(answer)?.code === ErrorCode.InvalidParams) return pass(`${method} with logLevel "loudest" got -32602`, [evidenceOf(answer)]);
    return violation(
      'invalid-level-accepted',
      `${method} with logLevel "loudest" (no such level) got ${describeAnswer(answer)}, not -32602`,
      [evidenceOf(answer)],
      { method },
    );
  },
});
