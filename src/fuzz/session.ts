/**
 * The connection fuzz calls through. A call that killed or hung the server leaves it unusable, so
 * the next call opens a new connection (a new process on stdio) in the era the first one found:
 * shrinking a crash calls the server many more times, each on a live server. Connecting gets a
 * start-up allowance of its own (CONNECT_TIMEOUT_MS at least): a slow start is not the input's fault.
 */
import { connect } from '../client/connect.js';
import type { JsonObject, McpClient, RawRequestOptions, RpcOutcome } from '../client/types.js';
import type { EraPreference } from '../protocol/versions.js';
import { TransportError } from '../protocol/transport-error.js';
import type { Target } from '../wire/target.js';
import type { CallAnswer } from './judge.js';

/** The least time a (re)connection gets, whatever --timeout says: starting a process takes a while. */
const CONNECT_TIMEOUT_MS = 10_000;

/** A dropped stdio server gets this long to exit after stdin closes, then SIGTERM: shrinking a hang restarts it often. */
const CLOSE_GRACE_MS = 100;

export interface SessionOptions {
  era: EraPreference;
  timeoutMs: number;
}

export class FuzzSession {
  private client: McpClient | undefined;
  private era: EraPreference;
  /** Connections opened after the first, because a call broke the one before. */
  reconnects = 0;
  private opened = 0;
  /** Requests not sent because the server could not be reached again. */
  unreachable = 0;
  /** Requests sent through the session (tool calls, malformed messages, the requests after them). */
  requests = 0;
  /** Called after each request is sent (progress). */
  onRequest: (() => void) | undefined;

  constructor(
    readonly target: Target,
    private readonly options: SessionOptions,
  ) {
    this.era = options.era;
  }

  /** The live client, connecting (again) when there is none. */
  async open(): Promise<McpClient> {
    if (this.client) return this.client;
    const client = await connect(this.target, {
      era: this.era,
      timeoutMs: Math.max(this.options.timeoutMs, CONNECT_TIMEOUT_MS),
      shutdown: { closeGraceMs: CLOSE_GRACE_MS },
    });
    if (this.opened++ > 0) this.reconnects++;
    this.era = client.era;
    this.client = client;
    return client;
  }

  async callTool(name: string, args: JsonObject): Promise<CallAnswer> {
    return this.send((client) => client.request('tools/call', { name, arguments: args }, { timeoutMs: this.options.timeoutMs }));
  }

  /** The connection for the next request, counted; or, when none can be opened, the answer that says so. */
  private async connected(): Promise<McpClient | { failure: TransportError; unreachable: true }> {
    try {
      const client = await this.open();
      this.counted();
      return client;
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      this.unreachable++;
      return { failure: error, unreachable: true };
    }
  }

  /**
   * A message exactly as given (envelope fuzzing). Silence within the time is an answer too (the
   * server may ignore what it cannot read): it keeps the connection; a closed one is a failure.
   */
  async raw(message: JsonObject | string, options: RawRequestOptions & { timeoutMs: number }): Promise<CallAnswer | { silent: true }> {
    const client = await this.connected();
    if ('failure' in client) return client;
    try {
      const outcome = await client.raw(message, options);
      return outcome ? { outcome } : { silent: true };
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      // Silence, or an answer mcpvet will not read (nested too deep, an HTTP error page): not a death.
      if (error.kind === 'timeout' || error.kind === 'protocol' || error.kind === 'http') return { silent: true };
      await this.drop();
      return { failure: error };
    }
  }

  /**
   * Runs one request; a transport failure is returned (and drops the connection, so the next
   * request gets a fresh one). A failure to connect again is returned as `unreachable`: it says
   * nothing about the request, which was never sent.
   */
  async send(request: (client: McpClient) => Promise<RpcOutcome>): Promise<CallAnswer> {
    const client = await this.connected();
    if ('failure' in client) return client;
    try {
      return { outcome: await request(client) };
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      await this.drop();
      return { failure: error };
    }
  }

  private counted(): void {
    this.requests++;
    this.onRequest?.();
  }

  /** Closes the connection (a stdio server is stopped); the next call opens a new one. */
  async drop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => undefined);
  }
}
