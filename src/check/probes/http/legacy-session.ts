/** Reading the legacy session id a server handed out at initialize (from the trace: the client keeps it private). */
import type { McpClient } from '../../../client/types.js';

export function sessionIdOf(client: McpClient): string | undefined {
  for (const frame of client.trace.frames) {
    const id = frame.direction === 'receive' ? frame.http?.headers['mcp-session-id'] : undefined;
    if (id !== undefined) return id;
  }
  return undefined;
}
