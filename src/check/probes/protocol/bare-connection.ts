/**
 * A legacy connection that has not been initialized (a new process on stdio, no session over
 * HTTP), for probing `initialize` itself: ctx.openClient always completes the handshake. Its
 * trace joins the run's traces, so the final message validation sees it too.
 */
import { MCPVET_CLIENT_INFO } from '../../../client/base-client.js';
import { LegacyClient } from '../../../client/legacy-client.js';
import type { CheckContext } from '../../types.js';
import { exchange, probeId, type Answer } from './probe.js';

/** Sends one `initialize` offering `version` on a fresh connection, and ends that connection. */
export async function probeInitialize(ctx: CheckContext, version: string): Promise<Answer> {
  const channel = ctx.freshChannel();
  const client = new LegacyClient(channel, ctx.target, { timeoutMs: ctx.timeoutMs });
  ctx.traces().push(channel.trace);
  try {
    const message = {
      jsonrpc: '2.0',
      id: probeId('initialize'),
      method: 'initialize',
      params: { protocolVersion: version, capabilities: {}, clientInfo: MCPVET_CLIENT_INFO },
    };
    const answer = await exchange(client, message, { timeoutMs: ctx.timeoutMs });
    const session = answer.http?.headers['mcp-session-id'];
    // Politely end the HTTP session the probe opened; a server may answer 405, or not at all.
    if (session)
      await client.raw('', { httpMethod: 'DELETE', headers: { 'mcp-session-id': session }, timeoutMs: Math.min(ctx.timeoutMs, 2000) }).catch(() => undefined);
    return answer;
  } finally {
    await client.close();
  }
}
