/**
 * The verdict on a probe the server never answered (no HTTP answer in time, or the connection
 * dropped). The rules behind the http checks name the answer a server MUST (or SHOULD) give, so a
 * server that gives none breaks them, but only if it is answering at all: a busy or stopped server
 * says nothing about the rule. A plain request right after (ping in the run's legacy session,
 * server/discover otherwise) tells the two apart.
 */
import type { McpClient } from '../../../client/types.js';
import { TransportError } from '../../../protocol/transport-error.js';
import { incomplete, violation } from '../../define.js';
import type { CheckContext, Finding } from '../../types.js';
import { sendProbe } from './probe.js';

/**
 * `probe` names what was sent ("GET on the endpoint"), `failure` why it got nothing, `rule` the
 * answer the spec asks for. `client` is the connection whose plain request is the control.
 */
export async function unanswered(ctx: CheckContext, probe: string, failure: string, rule: string, client: McpClient = ctx.client): Promise<Finding> {
  const control = await controlAnswered(ctx, client);
  if (control.answered)
    return violation('no-answer', `${probe} got no answer (${failure}), while a plain ${control.label} right after got HTTP ${control.status}; ${rule}`);
  return incomplete(
    'no-answer',
    `${probe} got no answer (${failure}), and neither did a plain ${control.label} (${control.failure}): the server is not answering, so the rule was not judged`,
  );
}

async function controlAnswered(
  ctx: CheckContext,
  client: McpClient,
): Promise<{ label: string; answered: true; status: number } | { label: string; answered: false; failure: string }> {
  if (client.era === 'modern') {
    const result = await sendProbe(ctx, { method: 'server/discover' }, client);
    const status = result.outcome?.http?.status;
    return status !== undefined
      ? { label: 'server/discover', answered: true, status }
      : { label: 'server/discover', answered: false, failure: result.failure ?? 'no HTTP answer' };
  }
  try {
    const outcome = await client.raw({ jsonrpc: '2.0', id: 'mcpvet-control-ping', method: 'ping' });
    const status = outcome?.http?.status;
    return status !== undefined ? { label: 'ping', answered: true, status } : { label: 'ping', answered: false, failure: 'no HTTP answer' };
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    return { label: 'ping', answered: false, failure: error.message };
  }
}
