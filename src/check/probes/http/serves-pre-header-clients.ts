/**
 * Whether a modern server also serves clients older than 2025-06-18 (which send no
 * MCP-Protocol-Version). server/discover's supportedVersions does not settle it: a dual-era server
 * may list only its modern versions there and still negotiate 2025-03-26 through `initialize` (the
 * TS SDK v2's createMcpHandler does, e.g. context7). So mcpvet asks as such a client would: an
 * `initialize` offering 2025-03-26, with no version header. The exchange goes to a trace of its
 * own (a legacy handshake must not be judged by the modern run's whole-trace checks), and a
 * session it opens is deleted again.
 */
import { MCPVET_CLIENT_INFO } from '../../../client/base-client.js';
import type { McpClient } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { streamProbe, StreamProbeFailure, type StreamProbeOptions, type StreamProbeResult } from '../../../wire/http-stream-probe.js';
import { Trace } from '../../../wire/trace.js';
import type { CheckContext } from '../../types.js';
import { streamMessages } from './stream-request.js';

/** The revision that introduced MCP-Protocol-Version. */
export const HEADER_SINCE = '2025-06-18';
export const OLD_CLIENT_VERSION = '2025-03-26';

/** The version the server negotiates with a 2025-03-26 client, or undefined when it refuses one. */
export async function versionForOldClient(ctx: CheckContext, client: McpClient = ctx.client): Promise<string | undefined> {
  if (client.target.transport !== 'http') return undefined;
  const trace = new Trace();
  const base = { url: client.target.url, trace, timeoutMs: ctx.timeoutMs, signal: ctx.signal };
  const id = 'mcpvet-old-client-initialize';
  const message = {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: OLD_CLIENT_VERSION, capabilities: {}, clientInfo: MCPVET_CLIENT_INFO },
  };
  const headers = { ...(client.target.headers ?? {}), accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
  const outcome = await probe({
    ...base,
    headers,
    body: JSON.stringify(message),
    settle: (item) => isObject(item.message) && item.message.id === id,
    graceMs: 0,
  });
  if (!outcome) return undefined;
  const sessionId = outcome.headers['mcp-session-id'];
  // Best effort: a server that refuses DELETE keeps the session until it expires it.
  if (sessionId !== undefined) await probe({ ...base, method: 'DELETE', headers: { ...(client.target.headers ?? {}), 'mcp-session-id': sessionId } });
  const answer = [outcome.json, ...streamMessages(outcome)].find((candidate) => isObject(candidate) && candidate.id === id);
  const result = isObject(answer) && isObject(answer.result) ? answer.result : undefined;
  return typeof result?.protocolVersion === 'string' ? result.protocolVersion : undefined;
}

async function probe(options: StreamProbeOptions): Promise<StreamProbeResult | undefined> {
  try {
    return await streamProbe(options);
  } catch (error) {
    if (error instanceof StreamProbeFailure) return undefined;
    throw error;
  }
}
