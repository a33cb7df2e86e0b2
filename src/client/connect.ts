/**
 * Connects to a target in the requested era. `auto` probes as the spec's versioning section says
 * (DIGEST §2); the rules live in `protocol/era-probe.ts` (a pure classifier), this file does the I/O.
 */
import type { Channel } from '../protocol/channel.js';
import { classifyProbe, describeAnswer, dualEraNote, type EraVerdict, type ProbeOutcome } from '../protocol/era-probe.js';
import { HttpChannel } from '../protocol/http-channel.js';
import { StdioChannel } from '../protocol/stdio-channel.js';
import { TransportError } from '../protocol/transport-error.js';
import { LATEST_MODERN_VERSION, type EraPreference } from '../protocol/versions.js';
import type { StdioShutdown } from '../wire/stdio.js';
import type { Target } from '../wire/target.js';
import { Trace } from '../wire/trace.js';
import type { ClientOptions } from './base-client.js';
import { LegacyClient } from './legacy-client.js';
import { ModernClient } from './modern-client.js';
import type { McpClient, RpcOutcome } from './types.js';

export interface ConnectOptions extends ClientOptions {
  era?: EraPreference;
  /** Share a trace across connections (e.g. a whole check run); a new one by default. */
  trace?: Trace;
  /** stdio: how long `auto` waits for an answer to the probe before deciding the server is legacy. */
  probeTimeoutMs?: number;
  /** stdio: how the process is shut down when the client closes. */
  shutdown?: StdioShutdown;
  /** An untouched channel to the target to use instead of opening one (a warm process); its trace is the connection's. */
  channel?: Channel;
}

export function openChannel(target: Target, trace: Trace, shutdown: StdioShutdown = {}): Channel {
  return target.transport === 'stdio' ? new StdioChannel(target, trace, shutdown) : new HttpChannel(target, trace);
}

export async function connect(target: Target, options: ConnectOptions): Promise<McpClient> {
  const trace = options.channel?.trace ?? options.trace ?? new Trace();
  const channel = options.channel ?? openChannel(target, trace, options.shutdown);
  try {
    switch (options.era ?? 'auto') {
      case 'legacy':
        return await connectLegacy(channel, target, options, 'legacy era requested');
      case 'modern':
        return await connectModern(channel, target, options);
      case 'auto':
        return await connectAuto(channel, target, options, trace);
    }
  } catch (error) {
    await channel.close();
    throw error;
  }
}

async function connectLegacy(channel: Channel, target: Target, options: ClientOptions, reason: string): Promise<McpClient> {
  const client = new LegacyClient(channel, target, options);
  await client.initialize();
  client.eraReason = reason;
  return client;
}

/** Forced modern: `server/discover` (retried once after -32022 with a listed version), whatever it says. */
async function connectModern(channel: Channel, target: Target, options: ClientOptions): Promise<McpClient> {
  const client = new ModernClient(channel, target, options);
  client.protocolVersion = LATEST_MODERN_VERSION;
  let outcome = await client.request('server/discover', {});
  const verdict = classifyProbe(answerOf(outcome), { transport: target.transport, requestedVersion: client.protocolVersion });
  if (verdict.kind === 'retry') {
    client.protocolVersion = verdict.version;
    outcome = await client.request('server/discover', {});
  }
  if (outcome.result) client.adoptDiscover(outcome.result);
  client.eraReason = outcome.result
    ? 'modern era requested; server/discover answered'
    : `modern era requested; server/discover failed: ${describeAnswer(answerOf(outcome).answer)}`;
  return client;
}

/**
 * `auto`: probe with `server/discover`, let the classifier judge the answer (DIGEST §2). The
 * legacy handshake always gets a connection of its own (a fresh process on stdio), as the SDK
 * does: a server that handles one request well keeps it for `initialize`, and a late answer to
 * the probe can never be taken for the answer to `initialize`.
 */
async function connectAuto(channel: Channel, target: Target, options: ConnectOptions, trace: Trace): Promise<McpClient> {
  const modern = new ModernClient(channel, target, options);
  modern.protocolVersion = LATEST_MODERN_VERSION;
  const context = () => ({ transport: target.transport, requestedVersion: modern.protocolVersion });
  const probeTimeout = target.transport === 'stdio' ? Math.min(options.probeTimeoutMs ?? 5000, options.timeoutMs) : options.timeoutMs;
  let sent = await probe(modern, 'server/discover', probeTimeout);
  let verdict = classifyProbe(sent.outcome, context());
  if (verdict.kind === 'retry') {
    modern.protocolVersion = verdict.version;
    sent = await probe(modern, 'server/discover', probeTimeout);
    verdict = classifyProbe(sent.outcome, context());
    if (verdict.kind === 'retry') verdict = { kind: 'modern', reason: verdict.reason, legacyVersions: [] };
  }
  if (verdict.kind === 'refuse') throw refusal(verdict, sent.rpc, target);
  if (verdict.kind === 'modern') {
    if (sent.rpc?.result) modern.adoptDiscover(sent.rpc.result);
    modern.eraReason = verdict.legacyVersions.length > 0 ? `${verdict.reason}; ${dualEraNote(verdict.legacyVersions)}` : verdict.reason;
    return modern;
  }
  const answered = sent.rpc !== undefined;
  const reason = verdict.reason;
  const legacyChannel = openChannel(target, trace, options.shutdown);
  let legacy: McpClient;
  try {
    legacy = await connectLegacy(legacyChannel, target, options, `${reason}; fell back to initialize`);
  } catch (error) {
    await legacyChannel.close();
    // The probe was answered and initialize failed too (a modern server without server/discover,
    // or a broken one): judge it in the modern era, so the run reports what it found, not nothing.
    if (!answered || (error instanceof TransportError && (error.kind === 'auth' || error.kind === 'spawn'))) throw error;
    modern.eraReason = `${reason}; initialize failed too (${(error as Error).message}): judged in the modern era`;
    return modern;
  }
  await channel.close();
  return legacy;
}

/** One probe request; on stdio, silence and an exit are answers too (the classifier judges them). */
async function probe(client: ModernClient, method: string, timeoutMs: number): Promise<{ outcome: ProbeOutcome; rpc?: RpcOutcome }> {
  try {
    const rpc = await client.request(method, {}, { timeoutMs });
    return { outcome: answerOf(rpc), rpc };
  } catch (error) {
    if (!(error instanceof TransportError) || client.target.transport === 'http') throw error;
    if (error.kind !== 'timeout' && error.kind !== 'closed') throw error;
    return { outcome: { noAnswer: error.kind } };
  }
}

function answerOf(outcome: RpcOutcome): { answer: { result?: RpcOutcome['result']; error?: RpcOutcome['error']; httpStatus?: number } } {
  return { answer: { result: outcome.result, error: outcome.error, httpStatus: outcome.http?.status } };
}

/** 401, 403, 5xx and an HTTP timeout tell nothing about the era: stop with an error a person can act on. */
function refusal(verdict: Extract<EraVerdict, { kind: 'refuse' }>, rpc: RpcOutcome | undefined, target: Target): TransportError {
  const url = target.transport === 'http' ? target.url : undefined;
  const kind = verdict.error === 'auth' ? 'auth' : verdict.error === 'timeout' ? 'timeout' : 'http';
  return new TransportError(kind, verdict.reason, { status: verdict.status, url, cause: rpc?.http?.headers['www-authenticate'], body: rpc?.http?.bodyText });
}
