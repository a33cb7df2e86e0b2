/**
 * "Somewhere else" for a request: the other instance given with --replica, or else a fresh
 * connection to the same target (a new process on stdio). Statelessness means either works.
 */
import type { McpClient } from '../../../client/types.js';
import { describeTarget, type Target } from '../../../wire/target.js';
import type { CheckContext } from '../../types.js';

/** How to give a replica on the command line (for skip reasons and hints). */
export const REPLICA_HINT = 'pass --replica with the URL or the command of a second instance';

export interface OtherInstance {
  client: McpClient;
  /** For messages, e.g. "the replica http://127.0.0.1:4001/mcp". */
  label: string;
  close(): Promise<void>;
}

/** A client to the replica; its traffic joins the run's traces, and the runner closes it. */
export async function connectReplica(ctx: CheckContext, replica: Target): Promise<OtherInstance> {
  const client = await ctx.openClient({ target: replica });
  return { client, label: `the replica ${describeTarget(replica)}`, close: async () => undefined };
}

export async function otherInstance(ctx: CheckContext): Promise<OtherInstance> {
  if (ctx.replica) return connectReplica(ctx, ctx.replica);
  const client = await ctx.openClient();
  const label = ctx.transport === 'stdio' ? 'a fresh connection (a new server process)' : `a fresh connection (${REPLICA_HINT} to try another instance)`;
  // openClient's connections are closed by the runner when the check ends.
  return { client, label, close: async () => undefined };
}
