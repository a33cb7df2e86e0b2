/** What a check sees: the shared connection, fresh connections on demand, the call policy, evidence helpers. */
import { connect, openChannel } from '../client/connect.js';
import { scriptedHost } from '../client/host.js';
import { withRequestSignal } from '../client/request-signal.js';
import type { InputHost, McpClient } from '../client/types.js';
import type { Target } from '../wire/target.js';
import { Trace, type Frame } from '../wire/trace.js';
import { isObject } from '../protocol/jsonrpc.js';
import type { CallPolicy } from '../protocol/call-policy.js';
import { curlFor } from './curl.js';
import type { AuthTokens, CheckContext, Evidence, OpenClientOptions, PlantedCanary } from './types.js';
import type { ProcessSource } from './warm-pool.js';

export interface RunEnvironment {
  client: McpClient;
  target: Target;
  timeoutMs: number;
  replica?: Target;
  callPolicy: CallPolicy;
  host?: InputHost;
  /** Every trace of the run, appended to as connections open. */
  traces: Trace[];
  specSchemaFile?: string;
  tokens?: AuthTokens;
  /** stdio: processes of the target started ahead of need, for fresh connections. */
  warm?: ProcessSource;
  /** --canary: what was planted in the target (the target already carries it). */
  canaries?: readonly PlantedCanary[];
}

export function createContext(run: RunEnvironment, signal: AbortSignal, opened: McpClient[]): CheckContext {
  let toolsPromise: Promise<Record<string, unknown>[]> | undefined;
  return {
    client: run.client,
    target: run.target,
    era: run.client.era,
    transport: run.target.transport,
    timeoutMs: run.timeoutMs,
    replica: run.replica,
    signal,
    callPolicy: run.callPolicy,
    traces: () => run.traces,
    specSchemaFile: run.specSchemaFile,
    tokens: run.tokens ?? {},
    canaries: run.canaries,
    tools: () => (toolsPromise ??= sharedTools(run)),
    async openClient(options: OpenClientOptions = {}) {
      const host = options.capabilities ? { ...(run.host ?? scriptedHost({})), capabilities: options.capabilities } : run.host;
      const client = await connect(options.target ?? run.target, {
        era: options.era ?? run.client.era,
        timeoutMs: run.timeoutMs,
        host,
        shutdown: options.shutdown,
        channel: warmChannel(run, options),
        stopAtFlood: true,
      });
      opened.push(client);
      if (!options.ownVerdict) run.traces.push(client.trace);
      return client;
    },
    freshChannel() {
      return warmChannel(run, {}) ?? openChannel(run.target, new Trace());
    },
    evidence(frames, client = run.client): Evidence {
      const slice = ownFrames(client.trace.range(frames.from, frames.to));
      const request = slice.find((frame) => frame.direction === 'send' && frame.http);
      return { frames: slice, curl: request ? curlFor(request) : undefined };
    },
  };
}

/** A warm process of the run's own target, when the connection asked for is a fresh one to it. */
function warmChannel(run: RunEnvironment, options: OpenClientOptions) {
  if (!run.warm || (options.target && options.target !== run.target)) return undefined;
  const channel = run.warm.take();
  // A check that judges the exit shuts its process down its own way, whenever that process started.
  if (options.shutdown) channel.shutDownWith(options.shutdown);
  return channel;
}

/** tools/list once per run (every check that needs tools shares it). */
const cache = new WeakMap<McpClient, Promise<Record<string, unknown>[]>>();
function sharedTools(run: RunEnvironment): Promise<Record<string, unknown>[]> {
  let promise = cache.get(run.client);
  if (!promise) {
    // Shared by every check: no one check's signal may cancel it.
    promise = withRequestSignal(undefined, () => run.client.listAll('tools/list'));
    cache.set(run.client, promise);
  }
  return promise;
}

/**
 * Checks run concurrently on the shared connection, so a range of its trace can hold other
 * checks' frames. The range starts with this exchange's request: keep the frames of that
 * request id (stdio) or of that HTTP exchange.
 */
function ownFrames(slice: Frame[]): Frame[] {
  const first = slice[0];
  if (first?.direction !== 'send') return slice;
  const id = isObject(first.message) ? first.message.id : undefined;
  const exchange = first.http?.exchange;
  return slice.filter((frame) => {
    if (frame === first) return true;
    if (exchange !== undefined) return frame.http?.exchange === exchange;
    // Unparsable probes can only be answered with id null.
    return isObject(frame.message) && frame.message.id === (id ?? null);
  });
}
