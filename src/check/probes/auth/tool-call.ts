/**
 * tools/call on a connection opened with another token (the low-scope one, another identity's),
 * and whether the answer refused it. Shared by the auth checks that call tools as someone else.
 */
import { ProtocolViolation, RpcError } from '../../../client/base-client.js';
import type { McpClient, RpcOutcome } from '../../../client/types.js';
import { TransportError } from '../../../protocol/transport-error.js';
import { isObject, type JsonObject } from '../../../protocol/jsonrpc.js';
import type { CheckContext } from '../../types.js';
import { modernEnvelope } from '../http/probe.js';

/** A fresh connection carrying only `token`, or why it was refused (a legacy initialize refused with 401 or 403 fails the connection itself). */
export async function openAs(ctx: CheckContext, token: string): Promise<McpClient | { problem: string }> {
  if (ctx.target.transport !== 'http') return { problem: 'not an HTTP target' };
  try {
    return await ctx.openClient({ target: { transport: 'http', url: ctx.target.url, headers: { authorization: `Bearer ${token}` } }, ownVerdict: true });
  } catch (error) {
    if (error instanceof TransportError || error instanceof RpcError || error instanceof ProtocolViolation) return { problem: error.message };
    throw error;
  }
}

/**
 * The token's client may never have listed the tool (it is hidden from it), so it would derive no
 * Mcp-Param headers for it: they come from the run's listing (`tool`), or the call would be refused
 * for a header, not for what the check is about. Undefined when the transport failed.
 */
export async function callAs(client: McpClient, tool: JsonObject, args: JsonObject): Promise<RpcOutcome | undefined> {
  const params = { name: tool.name, arguments: args };
  try {
    if (client.era === 'legacy') return await client.callTool(String(tool.name), args);
    return await client.request('tools/call', params, { headers: modernEnvelope(client, 'tools/call', params, tool.inputSchema).headers });
  } catch (error) {
    if (error instanceof TransportError) return undefined;
    throw error;
  }
}

/** An HTTP error status or a JSON-RPC error; a tool error result (isError) counts too ("permission denied"). */
export function refused(outcome: RpcOutcome): boolean {
  const status = outcome.http?.status;
  if (status !== undefined && status >= 400) return true;
  return outcome.error !== undefined || (isObject(outcome.result) && outcome.result.isError === true);
}
