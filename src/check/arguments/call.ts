/**
 * Calling a tool the way a careful user would: with the --calls file's arguments when given,
 * else with the candidates of candidates.ts (the server's own values first), moving on to the
 * next candidate while the answer says the thing was not found (or while the caller's `retry`
 * says so). Bounded: at most MAX_CANDIDATES calls per tool.
 */
import type { JsonObject, RpcOutcome } from '../../client/types.js';
import { isObject } from '../../protocol/jsonrpc.js';
import { TransportError } from '../../protocol/transport-error.js';
import type { CheckContext } from '../types.js';
import { argumentCandidates, describeSources, type ArgumentCandidate } from './candidates.js';
import { minedValues } from './pool.js';

export interface ArgumentAttempt {
  candidate: ArgumentCandidate;
  /** Where each value came from, for the evidence ("id ← tools/call add_note result.structuredContent.id"). */
  sources: string;
  outcome?: RpcOutcome;
  /** The transport failed (timeout, closed connection): no outcome. */
  failure?: string;
  /** With `failure`: a timeout (the request was cancelled at the server) or another failure. */
  timedOut?: boolean;
  /** How long the attempt took. */
  ms: number;
}

export type ToolArguments = { candidates: ArgumentCandidate[]; reason?: undefined } | { candidates?: undefined; reason: string };

/** The argument sets to try for `tool`, best first (the --calls file's alone when it names the tool). */
export async function toolArguments(ctx: CheckContext, tool: Record<string, unknown>): Promise<ToolArguments> {
  const policy = ctx.callPolicy(tool);
  if (policy.allowed && policy.args) {
    return {
      candidates: [{ args: policy.args as JsonObject, sources: Object.fromEntries(Object.keys(policy.args).map((name) => [name, 'the --calls file'])) }],
    };
  }
  const built = argumentCandidates(tool.inputSchema, await minedValues(ctx));
  return built.candidates ? built : { reason: `"${String(tool.name)}": ${built.reason}; give its arguments in a --calls file` };
}

export interface CallOptions {
  /** Sends one attempt (default: tools/call on the shared connection). */
  send?: (args: JsonObject) => Promise<RpcOutcome>;
  /** Move on after a not-found answer (default), or after the answers this says to retry. */
  retry?: 'not-found' | ((outcome: RpcOutcome) => boolean);
  /** Shared work (good-call.ts) runs to its end whichever check asked first. */
  ignoreAbort?: boolean;
}

/** Calls `tool` with its candidates until one is not retried; every attempt is returned, the last one decides. */
export async function callWithCandidates(
  ctx: CheckContext,
  tool: Record<string, unknown>,
  candidates: ArgumentCandidate[],
  options: CallOptions = {},
): Promise<ArgumentAttempt[]> {
  const name = String(tool.name);
  const send = options.send ?? ((args: JsonObject) => ctx.client.callTool(name, args));
  const retry = typeof options.retry === 'function' ? options.retry : notFound;
  const attempts: ArgumentAttempt[] = [];
  for (const candidate of candidates) {
    if (ctx.signal.aborted && !options.ignoreAbort) break;
    const attempt: ArgumentAttempt = { candidate, sources: describeSources(candidate), ms: 0 };
    attempts.push(attempt);
    const started = performance.now();
    try {
      attempt.outcome = await send(candidate.args);
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      attempt.failure = error.message;
      attempt.timedOut = error.kind === 'timeout';
      break;
    } finally {
      attempt.ms = Math.round(performance.now() - started);
    }
    if (!retry(attempt.outcome)) break;
  }
  return attempts;
}

/** A call that did not succeed: an error, no result, isError: true. */
export function failed(outcome: RpcOutcome | undefined): boolean {
  if (!outcome || outcome.error || !isObject(outcome.result)) return true;
  return outcome.result.isError === true;
}

const NOT_FOUND = /not[ _-]?found|no such|does ?n[o’']t exist|doesn't exist|unknown|no \w+ (with|for|named|called)|invalid id|missing/i;

/** A failure whose words say a record was not there ("No note with id example", "not found"). */
export function notFound(outcome: RpcOutcome | undefined): boolean {
  if (!outcome || !failed(outcome)) return false;
  return NOT_FOUND.test(failureText(outcome));
}

/** The words of a failed answer: the error message, or the text of an isError result. */
export function failureText(outcome: RpcOutcome): string {
  if (outcome.error) return `${outcome.error.message ?? ''} ${JSON.stringify(outcome.error.data ?? '').slice(0, 500)}`;
  const content = isObject(outcome.result) && Array.isArray(outcome.result.content) ? outcome.result.content : [];
  return content
    .map((block) => (isObject(block) && typeof block.text === 'string' ? block.text.slice(0, 500) : ''))
    .join(' ')
    .slice(0, 2000);
}
