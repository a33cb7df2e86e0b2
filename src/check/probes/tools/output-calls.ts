/**
 * Calls every tool that declares an outputSchema and may be called (ctx.callPolicy), once per
 * run: the structuredContent checks share the answers. Calls that cannot be judged carry the
 * reason, so a check that judged nothing can skip and say how to allow or feed the call.
 */
import type { JsonObject, McpClient, RpcOutcome } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { TransportError } from '../../../protocol/transport-error.js';
import type { CheckContext } from '../../types.js';
import { describeError } from './answer.js';
import { listedTools } from './listed-tools.js';
import { sampleArguments } from './sample-arguments.js';

export interface OutputCall {
  name: string;
  outputSchema: unknown;
  args?: Record<string, unknown>;
  outcome?: RpcOutcome;
  /** The successful, final result (no isError, not an interim result). */
  result?: JsonObject;
  /** Why this tool's answer cannot be judged. */
  unjudged?: string;
}

export type OutputCalls = { calls: OutputCall[]; none?: undefined } | { calls?: undefined; none: string };

const runs = new WeakMap<McpClient, Promise<OutputCalls>>();

export function outputCalls(ctx: CheckContext): Promise<OutputCalls> {
  let promise = runs.get(ctx.client);
  if (!promise) {
    promise = callAll(ctx);
    runs.set(ctx.client, promise);
  }
  return promise;
}

async function callAll(ctx: CheckContext): Promise<OutputCalls> {
  const listed = await listedTools(ctx);
  if (!listed.tools) return { none: listed.skipped.message };
  const declaring = listed.tools.filter((tool) => typeof tool.name === 'string' && tool.outputSchema !== undefined);
  if (declaring.length === 0) return { none: 'no tool declares an outputSchema' };
  const calls: OutputCall[] = [];
  for (const tool of declaring) calls.push(await callOne(ctx, tool));
  return { calls };
}

async function callOne(ctx: CheckContext, tool: Record<string, unknown>): Promise<OutputCall> {
  const name = tool.name as string;
  const call: OutputCall = { name, outputSchema: tool.outputSchema };
  const policy = ctx.callPolicy(tool);
  if (!policy.allowed) return { ...call, unjudged: policy.reason };
  let args = policy.args;
  if (!args) {
    const built = sampleArguments(tool.inputSchema);
    if (!built.ok) return { ...call, unjudged: `"${name}": ${built.reason}; give its arguments in a --calls file` };
    args = built.args;
  }
  call.args = args;
  try {
    call.outcome = await ctx.client.callTool(name, args);
  } catch (error) {
    if (error instanceof TransportError) return { ...call, unjudged: `"${name}" could not be called: ${error.message}` };
    throw error;
  }
  const { result, error } = call.outcome;
  const given = policy.args ? 'the --calls arguments' : `generated arguments ${JSON.stringify(args)}`;
  if (error) return { ...call, unjudged: `"${name}" answered ${describeError(error)} to ${given}` };
  if (!isObject(result)) return { ...call, unjudged: `"${name}" gave no result` };
  if (result.resultType !== undefined && result.resultType !== 'complete')
    return { ...call, unjudged: `"${name}" ended with resultType ${JSON.stringify(result.resultType)}` };
  if (result.isError === true) return { ...call, unjudged: `"${name}" answered isError: true to ${given}; give working arguments in a --calls file` };
  return { ...call, result };
}

/** The skip message of a check that judged no call: every reason, in one sentence. */
export function nothingJudged(calls: OutputCall[]): string {
  return `no successful call to judge: ${calls.map((call) => call.unjudged ?? `"${call.name}" not applicable`).join('; ')}`;
}
