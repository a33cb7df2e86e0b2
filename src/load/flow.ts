/**
 * One step run as a flow across instances. With replicas, each follow-up request of a flow (the
 * next page's cursor, an MRTR retry with its requestState) goes to the next instance on purpose:
 * a stateless server must take it anywhere (DIGEST §7). When a split follow-up fails, the same
 * request is sent to the instance that issued the cursor or state: if it works there, the flow
 * needs a sticky session, and that is a split-flow finding.
 */
import type { RpcOutcome } from '../client/types.js';
import { ALL_INPUT_CAPABILITIES, isInputRequired, retryParams, withCapabilities } from '../check/probes/mrtr/input-required.js';
import type { JsonObject } from '../protocol/jsonrpc.js';
import { TransportError } from '../protocol/transport-error.js';
import type { Requester } from './http-sender.js';
import { isListMethod, type LoadStep } from './scenario.js';

/** Enough to see cursors cross instances without turning one step into a crawl of a huge list. */
const MAX_PAGES = 10;
const MAX_ROUNDS = 4;

export interface Instance {
  /** A client of the instance, or a lean sender speaking for one (http-sender.ts). */
  client: Requester;
  label: string;
}

export interface SplitFinding {
  kind: 'cursor' | 'mrtr';
  key: string;
  issuer: string;
  other: string;
  /** What the other instance answered. */
  answer: string;
  /** How many follow-ups failed this same way. */
  count: number;
}

export interface FlowSink {
  /** A finished request: when it was due (or sent) in performance.now() ms, and its error class if it failed. */
  record(key: string, dueAt: number, errorClass: string | undefined): void;
  split(kind: SplitFinding['kind'], finding: SplitFinding | undefined): void;
}

/** The class of a failed request, or undefined when it succeeded. */
export function errorClassOf(outcome: RpcOutcome): string | undefined {
  if (outcome.http && outcome.http.status >= 400) return `http ${outcome.http.status}`;
  if (outcome.error) return `rpc ${outcome.error.code}`;
  if (!outcome.result) return 'no answer';
  if (outcome.result.isError === true) return 'isError';
  return undefined;
}

export function transportClassOf(error: unknown): string {
  if (error instanceof TransportError) {
    if (error.kind === 'http' && error.detail.status !== undefined) return `http ${error.detail.status}`;
    return error.kind === 'closed' ? 'reset' : error.kind;
  }
  return 'client error';
}

function describe(outcome: RpcOutcome | undefined, error?: unknown): string {
  if (error !== undefined) return error instanceof Error ? error.message : String(error);
  if (!outcome) return 'no answer';
  return errorClassOf(outcome) ?? 'a result';
}

/** The params of a step's first request, made once: the same object each time lets a sender reuse its envelope. */
const FIRST_PARAMS = new WeakMap<LoadStep, JsonObject>();
export function firstParams(step: LoadStep): JsonObject {
  let params = FIRST_PARAMS.get(step);
  if (!params) {
    params = withCapabilities(step.params, ALL_INPUT_CAPABILITIES);
    FIRST_PARAMS.set(step, params);
  }
  return params;
}

/**
 * Runs the step. `instances[0]` takes the first request; follow-ups rotate through the rest.
 * `dueAt` is when the flow was due (open model): only its first request carries the wait.
 */
export async function runFlow(step: LoadStep, instances: Instance[], sink: FlowSink, dueAt: number): Promise<void> {
  const send = async (index: number, params: JsonObject, due: number): Promise<RpcOutcome | undefined> => {
    const instance = instances[index % instances.length]!;
    try {
      const outcome = await instance.client.request(step.method, params);
      sink.record(step.key, due, errorClassOf(outcome));
      return outcome;
    } catch (error) {
      sink.record(step.key, due, transportClassOf(error));
      return undefined;
    }
  };
  const first = firstParams(step);
  let outcome = await send(0, first, dueAt);
  let hop = 0;
  if (isListMethod(step.method)) {
    for (let page = 1; page < MAX_PAGES && outcome?.result && typeof outcome.result.nextCursor === 'string'; page++) {
      const params = { ...first, cursor: outcome.result.nextCursor };
      const next = await send(++hop, params, performance.now());
      await judgeSplit(next, 'cursor', hop, params);
      outcome = next;
    }
    return;
  }
  for (let round = 2; round <= MAX_ROUNDS && outcome && isInputRequired(outcome); round++) {
    const params = { ...first, ...retryParams(outcome.result as JsonObject) };
    const next = await send(++hop, params, performance.now());
    await judgeSplit(next, 'mrtr', hop, params);
    outcome = next;
  }

  /** A follow-up that failed on another instance is re-sent to its issuer to tell a split failure from any failure. */
  async function judgeSplit(next: RpcOutcome | undefined, kind: SplitFinding['kind'], at: number, params: JsonObject): Promise<void> {
    if (instances.length < 2) return;
    // A tool's own isError is an answer, not a refused cursor or state.
    const failed = !next || (errorClassOf(next) ?? 'isError') !== 'isError';
    if (!failed) return sink.split(kind, undefined);
    const issuer = instances[(at - 1) % instances.length]!;
    const again = await issuer.client.request(step.method, params).catch(() => undefined);
    // It fails everywhere: an error of the server, counted as such, not a sticky session.
    if (!again || errorClassOf(again) !== undefined) return sink.split(kind, undefined);
    sink.split(kind, { kind, key: step.key, issuer: issuer.label, other: instances[at % instances.length]!.label, answer: describe(next), count: 1 });
  }
}
