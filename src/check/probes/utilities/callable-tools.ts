/**
 * The tools a utilities check may call (ctx.callPolicy), with their arguments (the --calls file's,
 * else the best of src/check/arguments: the server's own values, examples, made-up ones), at most
 * MAX_CALLED: progress, logging and cancellation are seen only while a tool runs, and the check
 * needs one that runs long enough or speaks up.
 */
import type { CheckContext, NotJudged } from '../../types.js';
import { toolArguments } from '../../arguments/call.js';

export const MAX_CALLED = 6;

export interface Callable {
  name: string;
  args: Record<string, unknown>;
}

export type CallableOrNot = { tools: Callable[]; none?: undefined } | { tools?: undefined; none: NotJudged };

export async function callableTools(ctx: CheckContext): Promise<CallableOrNot> {
  if (!('tools' in ctx.client.serverCapabilities))
    return { none: { skip: 'the server declares no tools, and only a running tool call shows this', incomplete: 'no-tools' } };
  let listed: Record<string, unknown>[];
  try {
    listed = await ctx.tools();
  } catch (error) {
    return { none: { skip: `tools/list could not be read (${(error as Error).message})` } };
  }
  const tools: Callable[] = [];
  const reasons: string[] = [];
  for (const tool of listed) {
    if (typeof tool.name !== 'string') continue;
    const policy = ctx.callPolicy(tool);
    if (!policy.allowed) {
      reasons.push(policy.reason);
      continue;
    }
    // The best candidate (the --calls file's, else the server's own values first): these checks call once.
    const chosen = await toolArguments(ctx, tool);
    if (!chosen.candidates) {
      reasons.push(chosen.reason);
      continue;
    }
    tools.push({ name: tool.name, args: chosen.candidates[0]!.args });
    if (tools.length === MAX_CALLED) break;
  }
  if (tools.length > 0) return { tools };
  const why = reasons.length > 0 ? reasons.slice(0, 3).join('; ') : 'the server lists no tools';
  return { none: { skip: `no tool the check may call (${why}); allow one with --allow-call or a --calls file`, incomplete: 'nothing-callable' } };
}
