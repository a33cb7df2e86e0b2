/**
 * Connects to a target in the requested era. `auto` probes exactly as the spec's versioning
 * section says (DIGEST §2): a modern `server/discover` first; a DiscoverResult or a recognised
 * modern error means modern; anything else (another error, no answer on stdio, a non-modern 4xx
 * on HTTP) means legacy, so fall back to `initialize`. 401/403/5xx are never evidence of era.
 */
import type { Channel } from '../protocol/channel.js';
import { HttpChannel } from '../protocol/http-channel.js';
import { StdioChannel } from '../protocol/stdio-channel.js';
import { ErrorCode, MODERN_ERROR_CODES } from '../protocol/errors.js';
import { isObject } from '../protocol/jsonrpc.js';
import { TransportError } from '../protocol/transport-error.js';
import { LATEST_MODERN_VERSION, MODERN_VERSIONS, type EraPreference } from '../protocol/versions.js';
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
}

export function openChannel(target: Target, trace: Trace): Channel {
  return target.transport === 'stdio' ? new StdioChannel(target, trace) : new HttpChannel(target, trace);
}

export async function connect(target: Target, options: ConnectOptions): Promise<McpClient> {
  const trace = options.trace ?? new Trace();
  let channel = openChannel(target, trace);
  try {
    switch (options.era ?? 'auto') {
      case 'legacy':
        return await connectLegacy(channel, target, options, 'legacy era requested');
      case 'modern': {
        const client = new ModernClient(channel, target, options);
        client.protocolVersion = LATEST_MODERN_VERSION;
        const outcome = await discover(client);
        client.eraReason = outcome.result ? 'modern era requested; server/discover answered' : `modern era requested; server/discover failed: ${describe(outcome)}`;
        return client;
      }
      case 'auto': {
        const modern = new ModernClient(channel, target, options);
        modern.protocolVersion = LATEST_MODERN_VERSION;
        let probe: RpcOutcome | undefined;
        let probeFailure = '';
        try {
          probe = await discover(modern, target.transport === 'stdio' ? Math.min(options.probeTimeoutMs ?? 5000, options.timeoutMs) : options.timeoutMs);
        } catch (error) {
          if (!(error instanceof TransportError) || target.transport === 'http') throw error;
          if (error.kind !== 'timeout' && error.kind !== 'closed') throw error;
          probeFailure = error.kind === 'timeout' ? 'no answer to server/discover' : 'the server exited on server/discover';
          if (error.kind === 'closed') {
            // Some legacy servers exit on any request before initialize: start a fresh process.
            await channel.close();
            channel = openChannel(target, trace);
          }
        }
        if (probe) {
          refuseNonEvidence(probe, target);
          if (probe.result && isDiscoverResult(probe.result)) {
            modern.eraReason = `server/discover answered (${modern.protocolVersion})`;
            return modern;
          }
          if (probe.error && MODERN_ERROR_CODES.includes(probe.error.code)) {
            modern.eraReason = `server/discover answered with modern error ${probe.error.code}`;
            return modern;
          }
          probeFailure = `server/discover answered ${describe(probe)}`;
        }
        return await connectLegacy(channel, target, options, `${probeFailure}; fell back to initialize`);
      }
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

/**
 * `server/discover`, retrying once with a version from `data.supported` after -32022
 * (the client SHOULD pick a supported version, DIGEST §1). Adopts a DiscoverResult.
 */
async function discover(client: ModernClient, timeoutMs?: number): Promise<RpcOutcome> {
  let outcome = await client.request('server/discover', {}, { timeoutMs });
  if (outcome.error?.code === ErrorCode.UnsupportedProtocolVersion) {
    const data = isObject(outcome.error.data) ? outcome.error.data : {};
    const supported = Array.isArray(data.supported) ? data.supported : [];
    const ours = supported.find((version) => (MODERN_VERSIONS as readonly string[]).includes(version as string));
    if (typeof ours === 'string' && ours !== client.protocolVersion) {
      client.protocolVersion = ours;
      outcome = await client.request('server/discover', {}, { timeoutMs });
    }
  }
  if (outcome.result) client.adoptDiscover(outcome.result);
  return outcome;
}

function isDiscoverResult(result: Record<string, unknown>): boolean {
  return Array.isArray(result.supportedVersions) || isObject(result.capabilities);
}

/** 401, 403 and 5xx tell nothing about the era: stop with an error a person can act on. */
function refuseNonEvidence(outcome: RpcOutcome, target: Target): void {
  const status = outcome.http?.status;
  if (status === undefined) return;
  const url = target.transport === 'http' ? target.url : undefined;
  if (status === 401 || status === 403) {
    throw new TransportError('auth', status === 401 ? 'authorization required (HTTP 401)' : 'forbidden (HTTP 403)', {
      status,
      url,
      cause: outcome.http?.headers['www-authenticate'],
    });
  }
  if (status >= 500) throw new TransportError('http', `server error (HTTP ${status})`, { status, url });
}

function describe(outcome: RpcOutcome): string {
  if (outcome.error) return `error ${outcome.error.code} ${outcome.error.message}`;
  if (outcome.http && outcome.http.status !== 200) return `HTTP ${outcome.http.status}`;
  return outcome.result ? 'a result that is not a DiscoverResult' : 'nothing usable';
}
