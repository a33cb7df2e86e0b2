/**
 * Is the server still there? After a check ends in `error`, one cheap request on the shared
 * connection tells a broken check from a server that stopped answering. When the server is gone,
 * the checks not yet started end at once with that reason instead of each waiting out its timeout.
 * A server that answers the probe but has answered other requests with ids nobody sent counts as
 * gone too: its answers reach no request, so every later check would wait out its timeout.
 */
import type { McpClient } from '../client/types.js';
import { TransportError } from '../protocol/transport-error.js';

const PROBE_TIMEOUT_MS = 2000;

/** Undefined while the server answers; otherwise why it is considered gone. */
export async function serverGone(client: McpClient, timeoutMs: number): Promise<string | undefined> {
  const method = client.era === 'modern' ? 'server/discover' : 'ping';
  try {
    const outcome = await client.request(method, {}, { timeoutMs: Math.min(timeoutMs, PROBE_TIMEOUT_MS) });
    if (!outcome.result && !outcome.error) return `${method} got no JSON-RPC answer`;
    const stray = mismatchedAnswers(client);
    return stray > 0 ? `it answers with ids that match no request: ${stray} such answer(s)` : undefined;
  } catch (error) {
    if (error instanceof TransportError) return `${method} got no answer (${error.message})`;
    throw error;
  }
}

/** Answers the channel could not match to any request it sent (a late or repeated answer is not one). */
function mismatchedAnswers(client: McpClient): number {
  return client.trace.frames.filter((frame) => frame.direction === 'local' && frame.detail?.reason === 'mismatched-id').length;
}
