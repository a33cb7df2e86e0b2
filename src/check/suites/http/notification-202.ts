/**
 * A notification POST gets 202 Accepted with no body, or an HTTP error status when the server
 * cannot accept it (2026-07-28 streamable-http#sending-messages and 2025-11-25 transports: MUST;
 * the spec's example is 400, and any 4xx or 5xx is an error status). The probe is
 * notifications/cancelled for a request that does not exist, which servers may ignore; its headers
 * are those of the revision (only MCP-Protocol-Version: this revision defines none for
 * notification POSTs).
 */
import { randomUUID } from 'node:crypto';
import { isObject } from '../../../protocol/jsonrpc.js';
import { TransportError } from '../../../protocol/transport-error.js';
import { defineCheck, pass, violation } from '../../define.js';
import { unanswered } from '../../probes/http/unanswered.js';

export default defineCheck({
  id: 'http.notification-202',
  title: 'A notification POST gets 202 with no body',
  suite: 'http',
  requirements: ['HTTP-02', 'BASE-10', 'CAN-06'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#endpoint-and-request',
  async run(ctx) {
    const requestId = `mcpvet-${randomUUID()}`;
    let outcome;
    try {
      outcome = await ctx.client.notify('notifications/cancelled', { requestId, reason: 'mcpvet probe' });
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      return unanswered(ctx, 'a notifications/cancelled POST', error.message, 'an accepted notification gets 202 and a refused one an HTTP error status');
    }
    const status = outcome?.http?.status;
    // Over HTTP, notify returns the HTTP answer or throws: nothing else reaches here.
    if (!outcome || status === undefined) throw new Error('a notification POST returned no HTTP status');
    // Other checks share the connection: only frames of this POST's exchange are its answer.
    const frames = ctx.client.trace.range(outcome.frames.from, outcome.frames.to);
    const sent = frames.find(
      (frame) => frame.direction === 'send' && isObject(frame.message) && isObject(frame.message.params) && frame.message.params.requestId === requestId,
    );
    const body = frames
      .filter((frame) => frame.direction === 'receive' && frame.http?.exchange === sent?.http?.exchange && frame.raw.trim() !== '')
      .map((frame) => frame.raw)
      .join('');
    const evidence = [ctx.evidence(outcome.frames)];
    if (status === 202 && body === '') return pass('notifications/cancelled was accepted with 202 and no body');
    if (status >= 400)
      return pass(`notifications/cancelled was refused with HTTP ${status}, an error status as the spec asks of a notification a server does not accept`);
    return violation(
      'not-202',
      `notifications/cancelled got HTTP ${status}${body ? ` with a body (${body.slice(0, 120)})` : ''}; an accepted notification gets 202 with no body, a refused one an HTTP error status`,
      evidence,
    );
  },
});
