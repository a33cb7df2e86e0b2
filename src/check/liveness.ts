/**
 * Is the server still there? After a check ends in `error`, one cheap request on the shared
 * connection tells a broken check from a server that stopped answering. When the server is gone,
 * the checks not yet started end at once with that reason instead of each waiting out its timeout.
 */
import type { McpClient } from '../client/types.js';
import { TransportError } from '../protocol/transport-error.js';

const PROBE_TIMEOUT_MS = 2000;

/** Undefined while the server answers; otherwise why it is considered gone. */
export async function serverGone(client: McpClient, timeoutMs: number): Promise<string | undefined> {
  const method = client.era === 'modern' ? 'server/discover' : 'ping';
  try {
    const outcome = await client.request(method, {}, { timeoutMs: Math.min(timeoutMs, PROBE_TIMEOUT_MS) });
    return outcome.result || outcome.error ? undefined : `${method} got no JSON-RPC answer`;
  } catch (error) {
    if (error instanceof TransportError) return `${method} got no answer (${error.message})`;
    throw error;
  }
}
