/**
 * Is the server still there? After a check ends in `error`, one cheap request on the shared
 * connection tells a broken check from a server that stopped answering. When the server is gone,
 * the checks not yet started end at once with that reason instead of each waiting out its timeout.
 * A server that answers the probe but has answered other requests with ids nobody sent counts as
 * gone too: its answers reach no request, so every later check would wait out its timeout.
 *
 * The probe is server/discover (ping in the legacy era), which a server stuck after its handshake
 * still answers. So once requests of the run have timed out, a list the server declares is asked
 * too, with the run's own timeout: a server that cannot answer it serves nothing a check needs.
 */
import type { McpClient } from '../client/types.js';
import { isObject } from '../protocol/jsonrpc.js';
import { TransportError } from '../protocol/transport-error.js';
import type { Frame } from '../wire/trace.js';

const PROBE_TIMEOUT_MS = 2000;
/** Timeouts on the shared connection after which answering the handshake alone is not enough. */
const SUSPICIOUS_TIMEOUTS = 3;
/** Read-only requests without arguments, by the capability that declares them. */
const LISTS: [capability: string, method: string][] = [
  ['tools', 'tools/list'],
  ['prompts', 'prompts/list'],
  ['resources', 'resources/list'],
];

/** Undefined while the server answers; otherwise why it is considered gone. */
export async function serverGone(client: McpClient, timeoutMs: number): Promise<string | undefined> {
  const handshake = client.era === 'modern' ? 'server/discover' : 'ping';
  const answered = await stillAnswers(client, timeoutMs);
  if (answered) return answered;
  const stray = mismatchedAnswers(client);
  if (stray > 0) return `it answers with ids that match no request: ${stray} such answer(s)`;
  const timeouts = timedOut(client.trace.frames);
  const list = LISTS.find(([capability]) => isObject(client.serverCapabilities[capability]))?.[1];
  // A list can be large (200,000 tools): it is asked again only after three more timeouts.
  if (timeouts - (listedAt.get(client) ?? 0) < SUSPICIOUS_TIMEOUTS || !list) return undefined;
  const listed = await answers(client, list, timeoutMs);
  if (listed) return `it answers ${handshake} but not ${list} (${timeouts} requests of the run timed out): ${listed}`;
  listedAt.set(client, timeouts);
  return undefined;
}

/** Undefined when the server still answers its cheapest request (discover, or ping); else why not. */
export function stillAnswers(client: McpClient, timeoutMs: number): Promise<string | undefined> {
  return answers(client, client.era === 'modern' ? 'server/discover' : 'ping', Math.min(timeoutMs, PROBE_TIMEOUT_MS));
}

/** The timeouts counted when a list last answered, per connection. */
const listedAt = new WeakMap<McpClient, number>();

/** Undefined when `method` got a JSON-RPC answer in time; otherwise what went wrong. */
async function answers(client: McpClient, method: string, timeoutMs: number): Promise<string | undefined> {
  try {
    const outcome = await client.request(method, {}, { timeoutMs });
    return outcome.result || outcome.error ? undefined : `${method} got no JSON-RPC answer`;
  } catch (error) {
    if (error instanceof TransportError) return `${method} got no answer (${error.message})`;
    throw error;
  }
}

function timedOut(frames: readonly Frame[]): number {
  return frames.filter((frame) => frame.direction === 'local' && frame.detail?.reason === 'timeout').length;
}

/** Answers the channel could not match to any request it sent (a late or repeated answer is not one). */
function mismatchedAnswers(client: McpClient): number {
  return client.trace.frames.filter((frame) => frame.direction === 'local' && frame.detail?.reason === 'mismatched-id').length;
}
