/**
 * A request missing a required `_meta` key is malformed: -32602 with HTTP 400 (DIGEST §1). Two
 * probes: `_meta` without clientCapabilities (the version header still agrees, so only -32602
 * fits), and no `_meta` at all (a server may also call that a header mismatch, -32020: the
 * version header then has nothing to agree with; either way the status must be 400).
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { META } from '../../../protocol/meta.js';
import { defineCheck, pass, violation } from '../../define.js';
import { describeAnswer, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { unanswered } from '../../probes/http/unanswered.js';

export default defineCheck({
  id: 'http.missing-meta-400',
  title: 'A request missing required _meta keys gets 400 with -32602',
  suite: 'http',
  requirements: ['LIFE-05', 'LIFE-04'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/index#failure-rules',
  async run(ctx) {
    const withoutCapabilities = await sendProbe(ctx, { method: 'server/discover', meta: { [META.protocolVersion]: ctx.client.protocolVersion } });
    const withoutMeta = await sendProbe(ctx, { method: 'server/discover', meta: false, params: {} });
    const dropped = [withoutCapabilities, withoutMeta].find((result) => result.failure);
    if (dropped?.failure) {
      const sent = dropped === withoutMeta ? 'server/discover with no _meta' : `server/discover with _meta but no ${META.clientCapabilities}`;
      const verdict = await unanswered(ctx, sent, dropped.failure, `the rule wants HTTP 400 with error ${ErrorCode.InvalidParams}`);
      return { ...verdict, evidence: [...probeEvidence(ctx, withoutCapabilities), ...probeEvidence(ctx, withoutMeta)] };
    }
    const problems: string[] = [];
    const first = withoutCapabilities.outcome;
    if (first?.http?.status !== 400 || first.error?.code !== ErrorCode.InvalidParams) {
      problems.push(`_meta without ${META.clientCapabilities} got ${describeAnswer(withoutCapabilities)} (wanted HTTP 400 with -32602)`);
    }
    const second = withoutMeta.outcome;
    const acceptedCodes: number[] = [ErrorCode.InvalidParams, ErrorCode.HeaderMismatch];
    if (second?.http?.status !== 400 || !acceptedCodes.includes(second.error?.code ?? 0)) {
      problems.push(`params without _meta got ${describeAnswer(withoutMeta)} (wanted HTTP 400 with -32602)`);
    }
    if (problems.length === 0) return pass('requests missing _meta keys were refused with HTTP 400 and -32602');
    return violation('missing-meta-accepted', `server/discover ${problems.join('; ')}`, [
      ...probeEvidence(ctx, withoutCapabilities),
      ...probeEvidence(ctx, withoutMeta),
    ]);
  },
});
