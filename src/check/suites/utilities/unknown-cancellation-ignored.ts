/**
 * A notifications/cancelled naming a request that was never sent is ignored (basic/patterns/
 * cancellation#error-handling: SHOULD): no answer to it (a notification gets none), and the server
 * goes on serving. Over HTTP in 2026-07-28 the notification itself is judged by http.notification-202.
 */
import { isObject, isResponse } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { describeAnswer, evidenceOf, exchange, eraMessage, probeId } from '../../probes/protocol/probe.js';

export default defineCheck({
  id: 'utilities.unknown-cancellation-ignored',
  title: 'A cancellation for an unknown request is ignored',
  suite: 'utilities',
  requirements: ['CAN-06'],
  spec: 'basic/patterns/cancellation#error-handling',
  freshProcesses: 1,
  async run(ctx) {
    if (ctx.era === 'modern' && ctx.transport === 'http')
      return skip('over HTTP in 2026-07-28 cancellation is the closed stream; http.notification-202 judges notifications');
    const client = ctx.transport === 'stdio' ? await ctx.openClient() : ctx.client;
    const cancel = eraMessage(client, undefined, 'notifications/cancelled', {
      requestId: probeId('never-sent'),
      reason: 'mcpvet: a request that does not exist',
    });
    const from = client.trace.length;
    const sent = await client.raw(cancel, { timeoutMs: ctx.timeoutMs }).catch((error: Error) => error);
    const followId = probeId('after-cancel');
    const follow = await exchange(client, eraMessage(client, followId, client.era === 'modern' ? 'server/discover' : 'ping'), {
      timeoutMs: ctx.timeoutMs,
      ids: [followId],
    });
    const frames = client.trace.since(from);
    const evidence =
      ctx.transport === 'stdio'
        ? [{ frames: frames.slice(0, 10) }]
        : [...(sent && !(sent instanceof Error) ? [ctx.evidence(sent.frames)] : []), evidenceOf(follow)];
    if (sent instanceof Error) return violation('cancel-refused', `sending the cancellation failed: ${sent.message}`, evidence);
    if (sent?.http && (sent.http.status >= 400 || sent.result || sent.error))
      return violation(
        'cancel-answered',
        `the cancellation of an unknown request got HTTP ${sent.http.status}${sent.error ? ` and error ${sent.error.code}` : ''}; it should be ignored (202)`,
        evidence,
      );
    // Only the stdio connection is the check's own; over HTTP the POST's answer (above) is the verdict.
    const answered =
      ctx.transport === 'stdio'
        ? frames.find(
            (frame) => frame.direction === 'receive' && isResponse(frame.message) && isObject(frame.message) && String(frame.message.id ?? null) !== followId,
          )
        : undefined;
    if (answered) return violation('cancel-answered', `the cancellation of an unknown request was answered: ${answered.raw.slice(0, 200)}`, evidence);
    if (!follow.response)
      return violation('stopped-serving', `after the cancellation the server no longer answered: ${describeAnswer(follow)}`, [evidenceOf(follow)]);
    return pass('a cancellation for a request never sent drew no answer, and the server went on serving', evidence);
  },
});
