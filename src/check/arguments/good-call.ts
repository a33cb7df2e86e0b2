/**
 * One good call per tool per run: the tool called with schema-valid arguments (the server's own
 * values, then examples, then made-up ones), moving on after every failure, until one succeeds.
 * Shared: tools.valid-call-succeeds judges it, and the errors suite credits a rejection of bad
 * arguments only when the same tool accepted good ones.
 */
import { withRequestSignal } from '../../client/request-signal.js';
import type { JsonObject, McpClient, RpcOutcome } from '../../client/types.js';
import { ALL_INPUT_CAPABILITIES, withCapabilities } from '../probes/mrtr/input-required.js';
import { ErrorCode } from '../../protocol/errors.js';
import type { CheckContext } from '../types.js';
import { failed, failureText, callWithCandidates, toolArguments, type ArgumentAttempt } from './call.js';
import { isObject } from '../../protocol/jsonrpc.js';

export type GoodCall =
  /** A call with these arguments succeeded. */
  | { succeeded: ArgumentAttempt; attempts: ArgumentAttempt[]; reason?: undefined }
  /** Every attempt failed (or one got no answer in time: the last attempt's `failure`). */
  | { succeeded?: undefined; attempts: ArgumentAttempt[]; reason?: undefined }
  /** Not called: not allowed, or no arguments could be built. */
  | { succeeded?: undefined; attempts?: undefined; reason: string };

const runs = new WeakMap<McpClient, Map<string, Promise<GoodCall>>>();

export function goodCall(ctx: CheckContext, tool: Record<string, unknown>): Promise<GoodCall> {
  // A tool that may not be called makes no call to share: its reason is made again when asked, not
  // kept for the run (10,000 listed tools kept 10,000 promises and reasons, 4 MB, to the end).
  const policy = ctx.callPolicy(tool);
  if (!policy.allowed) return Promise.resolve({ reason: policy.reason });
  let calls = runs.get(ctx.client);
  if (!calls) runs.set(ctx.client, (calls = new Map()));
  const name = String(tool.name);
  let promise = calls.get(name);
  if (!promise) {
    // Shared by every check that asks: no one check's end may cancel it (each call has the client's timeout).
    promise = withRequestSignal(undefined, () => callUntilSuccess(ctx, tool));
    calls.set(name, promise);
  }
  return promise;
}

async function callUntilSuccess(ctx: CheckContext, tool: Record<string, unknown>): Promise<GoodCall> {
  const execution = isObject(tool.execution) ? tool.execution : {};
  if (ctx.era === 'legacy' && execution.taskSupport === 'required')
    return { reason: `"${String(tool.name)}" runs only as a task (execution.taskSupport: "required"); the tasks suite calls it` };
  const chosen = await toolArguments(ctx, tool);
  if (!chosen.candidates) return { reason: chosen.reason };
  const name = String(tool.name);
  // Every input capability declared (modern era: per request), so a tool that asks for input can.
  const send = (args: JsonObject) =>
    ctx.era === 'modern'
      ? ctx.client.request('tools/call', withCapabilities({ name, arguments: args }, ALL_INPUT_CAPABILITIES))
      : ctx.client.callTool(name, args);
  const attempts = await callWithCandidates(ctx, tool, chosen.candidates, { send, retry: (outcome) => !tookArguments(outcome), ignoreAbort: true });
  const last = attempts.at(-1);
  return last?.outcome && tookArguments(last.outcome) ? { succeeded: last, attempts } : { attempts };
}

/**
 * The server took the arguments: a result without isError, an interim one (input_required, a
 * task), or a refusal for a client capability the connection lacks (-32021, or in the legacy era,
 * where capabilities are the session's, a tool error that says so), which says nothing against
 * the arguments.
 */
function tookArguments(outcome: RpcOutcome): boolean {
  if (!failed(outcome) || outcome.error?.code === ErrorCode.MissingRequiredClientCapability) return true;
  return NEEDS_CAPABILITY.test(failureText(outcome));
}

const NEEDS_CAPABILITY =
  /\b(elicitation|sampling|roots)\b.*\b(capabilit|declare|support)|\b(capabilit|declare|support)\w*\b.*\b(elicitation|sampling|roots)\b/i;
