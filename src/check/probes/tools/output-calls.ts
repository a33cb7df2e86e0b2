/**
 * Calls every tool that declares an outputSchema and may be called (ctx.callPolicy), once per
 * run: the structuredContent checks share the answers. Calls that cannot be judged carry the
 * reason, so a check that judged nothing can skip and say how to allow or feed the call.
 */
import type { JsonObject, McpClient, RpcOutcome } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import type { CheckContext, Evidence } from '../../types.js';
import { describeError } from './answer.js';
import { listedTools } from './listed-tools.js';
import { callWithCandidates, toolArguments } from '../../arguments/call.js';

export interface OutputCall {
  name: string;
  outputSchema: unknown;
  args?: Record<string, unknown>;
  outcome?: RpcOutcome;
  /** The successful, final result (no isError, not an interim result). */
  result?: JsonObject;
  /** Why this tool's answer cannot be judged. */
  unjudged?: string;
  /** Where each argument came from ("id ← resources/list …"). */
  argumentSources?: string;
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
  const chosen = await toolArguments(ctx, tool);
  if (!chosen.candidates) return { ...call, unjudged: chosen.reason };
  const attempts = await callWithCandidates(ctx, tool, chosen.candidates);
  const last = attempts.at(-1);
  if (!last) return { ...call, unjudged: `"${name}" was not called (the check was cancelled)` };
  call.args = last.candidate.args;
  call.argumentSources = last.sources;
  if (!last.outcome) return { ...call, unjudged: `"${name}" could not be called: ${last.failure ?? 'no answer'}` };
  call.outcome = last.outcome;
  const { result, error } = call.outcome;
  const given = policy.args
    ? 'the --calls arguments'
    : `arguments ${JSON.stringify(call.args)} (${last.sources})${attempts.length > 1 ? ` after ${attempts.length - 1} other set(s)` : ''}`;
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

/** Evidence of one call, saying where its arguments came from. */
export function callEvidence(ctx: CheckContext, call: OutputCall): Evidence {
  const evidence = ctx.evidence(call.outcome!.frames);
  return call.argumentSources ? { ...evidence, note: `arguments: ${call.argumentSources}` } : evidence;
}
