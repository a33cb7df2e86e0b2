/**
 * A legacy connection that has not been initialized (a new process on stdio, no session over
 * HTTP), for probing `initialize` itself: ctx.openClient always completes the handshake. Its
 * trace joins the run's traces, so the final message validation sees it too.
 */
import { MCPVET_CLIENT_INFO } from '../../../client/base-client.js';
import { LegacyClient } from '../../../client/legacy-client.js';
import type { Trace } from '../../../wire/trace.js';
import { incomplete } from '../../define.js';
import type { CheckContext, Finding } from '../../types.js';
import { exchange, probeId, silent, type Answer } from './probe.js';

/**
 * Sends one `initialize` offering `version` on a fresh connection, lets `watch` look at the
 * connection while it is still open (e.g. wait and read the trace), then ends the HTTP session
 * it opened and the connection, whatever happened.
 */
export async function onBareConnection<T>(
  ctx: CheckContext,
  version: string,
  watch: (answer: Answer, trace: Trace) => Promise<T>,
): Promise<{ answer: Answer; watched: T }> {
  const channel = ctx.freshChannel();
  const trace = channel.trace;
  const client = new LegacyClient(channel, ctx.target, { timeoutMs: ctx.timeoutMs });
  ctx.traces().push(trace);
  let session: string | undefined;
  try {
    const message = {
      jsonrpc: '2.0',
      id: probeId('initialize'),
      method: 'initialize',
      params: { protocolVersion: version, capabilities: {}, clientInfo: MCPVET_CLIENT_INFO },
    };
    const answer = await exchange(client, message, { timeoutMs: ctx.timeoutMs });
    session = answer.http?.headers['mcp-session-id'];
    return { answer, watched: await watch(answer, trace) };
  } finally {
    // Politely end the HTTP session the probe opened; a server may answer 405, or not at all.
    if (session)
      await client.raw('', { httpMethod: 'DELETE', headers: { 'mcp-session-id': session }, timeoutMs: Math.min(ctx.timeoutMs, 2000) }).catch(() => undefined);
    await client.close();
  }
}

/** Sends one `initialize` offering `version` on a fresh connection, and ends that connection. */
export async function probeInitialize(ctx: CheckContext, version: string): Promise<Answer> {
  return (await onBareConnection(ctx, version, async () => undefined)).answer;
}

/**
 * The verdict on an `initialize` a fresh connection left unanswered within the timeout: none. A
 * process still starting (a slow server, a loaded machine) says nothing about how it negotiates.
 * An exit, an error or a wrong id is an answer of sorts and stays for the check to judge.
 */
export function unansweredInitialize(ctx: CheckContext, answer: Answer, sent: string): Finding | undefined {
  if (!silent(answer)) return undefined;
  return incomplete(
    'no-answer',
    `${sent} got no answer within ${ctx.timeoutMs} ms on a fresh connection, so the rule was not judged (a longer --timeout may tell)`,
  );
}
