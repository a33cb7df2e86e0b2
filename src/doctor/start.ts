/**
 * Starts a stdio server once, in a given working directory and environment, as a host would: the
 * first request, the time to its answer, what stdout and stderr carried, and how it ended when its
 * stdin closed. Every start is bounded by the timeout and reaped (wire/stdio.ts, wire/children.ts).
 */
import { LegacyClient } from '../client/legacy-client.js';
import { ModernClient } from '../client/modern-client.js';
import type { RpcOutcome } from '../client/types.js';
import { StdioChannel } from '../protocol/stdio-channel.js';
import { TransportError } from '../protocol/transport-error.js';
import { LATEST_LEGACY_VERSION, LATEST_MODERN_VERSION, type EraPreference } from '../protocol/versions.js';
import type { ExitInfo } from '../wire/stdio.js';
import type { StdioTarget } from '../wire/target.js';
import { type Frame, Trace } from '../wire/trace.js';
import { judgeStdinClose, type StdinCloseVerdict } from '../check/probes/stdio/stdin-close.js';
import { MCPVET_CLIENT_INFO } from '../client/base-client.js';

export interface StartPlace {
  cwd: string;
  /** The whole environment before the target's `env` is added. */
  baseEnv: NodeJS.ProcessEnv;
}

export interface StartOutcome {
  place: StartPlace;
  /** The server answered a first request (any JSON-RPC answer). */
  answered: boolean;
  /** The request it answered (or the last one tried), and its outcome. */
  method?: string;
  /** Every first request tried, in order. */
  tried: string[];
  outcome?: RpcOutcome;
  /** From spawn to that answer. */
  ms?: number;
  /** Why it did not answer: could not start, exited, timed out. */
  failure?: string;
  spawnError?: string;
  /** Set when it exited before mcpvet closed its stdin. */
  earlyExit?: ExitInfo;
  stderr: string[];
  frames: Frame[];
  close?: StdinCloseVerdict;
}

/** How long server/discover may go unanswered before initialize is tried (as connect.ts does on stdio). */
export const PROBE_TIMEOUT_MS = 5000;

/** Stderr lines kept for the evidence. */
export const STDERR_TAIL = 8;

export async function startServer(target: StdioTarget, place: StartPlace, era: EraPreference, timeoutMs: number): Promise<StartOutcome> {
  const trace = new Trace();
  const channel = new StdioChannel({ ...target, cwd: place.cwd }, trace, { baseEnv: place.baseEnv, graceWhileBusy: true });
  const started = performance.now();
  let answered = false;
  let method: string | undefined;
  const tried: string[] = [];
  let outcome: RpcOutcome | undefined;
  let failure: string | undefined;
  const attempt = async (name: string, send: () => Promise<RpcOutcome>): Promise<boolean> => {
    method = name;
    tried.push(name);
    try {
      outcome = await send();
      answered = true;
      return true;
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      failure = error.message;
      return false;
    }
  };
  const discover = () => {
    const client = new ModernClient(channel, target, { timeoutMs });
    client.protocolVersion = LATEST_MODERN_VERSION;
    // As `connect` probes: a legacy server may stay silent on server/discover, so the probe waits at most 5 s.
    return client.request('server/discover', {}, { timeoutMs: Math.min(PROBE_TIMEOUT_MS, timeoutMs) });
  };
  const initialize = () =>
    new LegacyClient(channel, target, { timeoutMs }).request(
      'initialize',
      { protocolVersion: LATEST_LEGACY_VERSION, capabilities: {}, clientInfo: MCPVET_CLIENT_INFO },
      { timeoutMs },
    );
  try {
    if (era === 'legacy') await attempt('initialize', initialize);
    // A legacy server may ignore server/discover: if it is still running, it gets initialize.
    else if (!(await attempt('server/discover', discover)) && !channel.hasExited) await attempt('initialize', initialize);
  } catch (error) {
    await channel.close();
    throw error;
  }
  const ms = answered ? Math.round(performance.now() - started) : undefined;
  const earlyExit = channel.hasExited ? await channel.exited : undefined;
  const from = trace.length;
  const closing = performance.now();
  await channel.close();
  const exit = trace.since(from).find((frame) => frame.kind === 'exit');
  const close = earlyExit ? undefined : judgeStdinClose(exit, Math.round(performance.now() - closing));
  return {
    place,
    answered,
    method,
    tried,
    outcome,
    ms,
    failure: answered ? undefined : failure,
    spawnError: earlyExit?.spawnError,
    earlyExit,
    stderr: trace.frames.filter((frame) => frame.kind === 'stderr').map((frame) => frame.raw),
    frames: [...trace.frames],
    close,
  };
}

/** The request answered, and with an error when it was one: "initialize (with error -32022)". */
export function answeredRequest(start: StartOutcome): string {
  const error = start.outcome?.error;
  return `${start.method ?? 'a request'}${error ? ` (with error ${error.code})` : ''}`;
}

/** In words, why a start did not get an answer. */
export function describeFailure(start: StartOutcome): string {
  if (start.spawnError) return `it could not be started: ${start.spawnError}`;
  if (start.earlyExit) {
    const how = start.earlyExit.signal ? `signal ${start.earlyExit.signal}` : `exit code ${start.earlyExit.code}`;
    return `it exited at start (${how}) before answering ${start.method ?? 'anything'}`;
  }
  const why = start.failure ?? 'no answer';
  if (start.tried.length > 1) return `it answered neither ${start.tried.join(' nor ')} (${why})`;
  return `it did not answer ${start.tried[0] ?? 'a first request'} (${why})`;
}

export function stderrTail(start: StartOutcome, lines = STDERR_TAIL): string[] {
  return start.stderr.filter((line) => line.trim() !== '').slice(-lines);
}
