/**
 * The connection for a probe whose answer carries id null (unparsable or invalid input). Over
 * stdio such an answer cannot be told apart from another check's, so the probe gets a process
 * of its own; over HTTP each POST is its own exchange and the shared connection will do.
 */
import type { McpClient } from '../../../client/types.js';
import type { CheckContext } from '../../types.js';

export function clientForNullIdProbe(ctx: CheckContext): Promise<McpClient> {
  return ctx.transport === 'stdio' ? ctx.openClient() : Promise.resolve(ctx.client);
}
