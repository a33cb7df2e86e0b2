/** A legacy session's GET stream, opened on a fresh connection and read for a short window (shared by the GET checks). */
import type { McpClient } from '../../../client/types.js';
import type { CheckContext } from '../../types.js';
import { listenWindow, sendStream, type StreamOutcome } from './stream-request.js';

export interface GetStream {
  client: McpClient;
  outcome: StreamOutcome;
}

/**
 * GET on the endpoint of a fresh legacy session. The window ends the read: a GET stream rightly
 * stays open, and mcpvet closes it. `during` runs while the stream is open (a POST whose answer
 * must not show up on it).
 */
export async function openGetStream(ctx: CheckContext, during?: (client: McpClient) => Promise<void>): Promise<GetStream> {
  const client = await ctx.openClient({ era: 'legacy' });
  const window = listenWindow(ctx) + (during ? ctx.timeoutMs / 2 : 0);
  const stream = sendStream(ctx, client, { httpMethod: 'GET', listenMs: window });
  if (during) {
    // Give the GET a moment to be registered before the POST, so the server has a stream to misuse.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await during(client).catch(() => undefined);
  }
  return { client, outcome: await stream };
}
