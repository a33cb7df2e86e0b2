/**
 * Calls callable tools and gathers the log notifications (notifications/message) each one drew.
 * On stdio a log notification names no request, so the calls go over a connection of their own,
 * one at a time: whatever arrives while a call runs is that call's.
 */
import type { JsonObject, McpClient } from '../../../client/types.js';
import { TransportError } from '../../../protocol/transport-error.js';
import type { CheckContext, Evidence } from '../../types.js';
import type { Callable } from './callable-tools.js';

export interface ToolLogs {
  name: string;
  logs: JsonObject[];
  evidence: Evidence;
}

export async function ownConnection(ctx: CheckContext): Promise<McpClient> {
  return ctx.transport === 'stdio' ? ctx.openClient() : ctx.client;
}

/** One call per tool, with `meta` in its params; calls that fail at the transport are left out. */
export async function callForLogs(ctx: CheckContext, client: McpClient, tools: Callable[], meta: JsonObject | undefined): Promise<ToolLogs[]> {
  const calls: ToolLogs[] = [];
  for (const tool of tools) {
    try {
      const outcome = await client.callTool(tool.name, tool.args, meta ? { meta } : {});
      calls.push({
        name: tool.name,
        logs: outcome.notifications.filter((n) => n.method === 'notifications/message'),
        evidence: ctx.evidence(outcome.frames, client),
      });
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
    }
  }
  return calls;
}
