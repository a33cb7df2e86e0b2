/** What both eras share: sending with an envelope, outcomes, pagination, and the typed calls. */
import type { Channel, ChannelReply } from '../protocol/channel.js';
import { TransportError } from '../protocol/transport-error.js';
import { requestSignal } from './request-signal.js';
import { IdSequence, isObject } from '../protocol/jsonrpc.js';
import { LIST_ITEMS_FIELD, type ListMethod } from '../protocol/lists.js';
import type { Era } from '../protocol/versions.js';
import type { Target } from '../wire/target.js';
import type { Trace } from '../wire/trace.js';
import pkg from '../../package.json' with { type: 'json' };
import { NO_INPUT_HOST } from './host.js';
import type { InputHost, JsonObject, McpClient, RawRequestOptions, RpcOutcome, ServerIdentity } from './types.js';

export interface ClientOptions {
  timeoutMs: number;
  host?: InputHost;
  clientInfo?: { name: string; version: string };
  /** MRTR: the most requests one call may take before giving up (default 8). */
  maxInputRounds?: number;
  /** Pagination: the most pages one list may take (default 1000). */
  maxPages?: number;
  /** Extra `_meta` keys for every request (the Inspector's `--metadata`). */
  meta?: JsonObject;
  /**
   * Stop waiting for a request once it drew a flood of notifications (protocol/flood.ts): `check`
   * reports the flood as a finding and needs no more of it; `call` reads on to the answer.
   */
  stopAtFlood?: boolean;
}

export const MCPVET_CLIENT_INFO = { name: 'mcpvet', version: pkg.version };

export interface Envelope {
  params: JsonObject | undefined;
  headers: Record<string, string>;
}

export abstract class BaseClient implements McpClient {
  abstract readonly era: Era;
  protocolVersion = '';
  eraReason = '';
  serverCapabilities: JsonObject = {};
  serverInfo: ServerIdentity | undefined;
  instructions: string | undefined;
  handshake: JsonObject | undefined;
  protected readonly ids = new IdSequence();
  protected readonly host: InputHost;

  constructor(
    protected readonly channel: Channel,
    readonly target: Target,
    protected readonly options: ClientOptions,
  ) {
    this.host = options.host ?? NO_INPUT_HOST;
  }

  get trace(): Trace {
    return this.channel.trace;
  }

  get clientInfo(): { name: string; version: string } {
    return this.options.clientInfo ?? MCPVET_CLIENT_INFO;
  }

  /** The era's envelope: params with `_meta` (modern) and the HTTP headers to send. */
  protected abstract envelope(method: string, params: JsonObject | undefined, kind: 'request' | 'notification'): Promise<Envelope>;

  /** The era's envelope of a request, for a sender of its own (load's lean HTTP path): params with `_meta`, and headers. */
  prepare(method: string, params?: JsonObject): Promise<Envelope> {
    return this.envelope(method, withExtraMeta(params, this.options.meta), 'request');
  }

  async request(method: string, params?: JsonObject, options: RawRequestOptions = {}): Promise<RpcOutcome> {
    const envelope = await this.prepare(method, params);
    const id = this.ids.take();
    const message: JsonObject = { jsonrpc: '2.0', id, method };
    if (envelope.params !== undefined) message.params = envelope.params;
    const sendOptions = this.sendOptions(options, envelope.headers);
    // Given up before it was sent: the server never hears of it.
    if (sendOptions.signal?.aborted) throw new TransportError('cancelled', `${method} was cancelled before it was sent`);
    let reply: ChannelReply;
    try {
      reply = await this.channel.send(message, sendOptions);
    } catch (error) {
      if (error instanceof TransportError && (error.kind === 'cancelled' || error.kind === 'timeout')) this.tellCancelled(id, method, error);
      throw error;
    }
    return toOutcome(id, reply);
  }

  /**
   * A request given up on (cancelled, or timed out) is cancelled at the server too: on stdio with
   * notifications/cancelled (both eras), over HTTP by the closed stream, and in the legacy era,
   * which has no stream-close rule, by POSTing notifications/cancelled as well. initialize must
   * not be cancelled (2025-11-25), and server/discover is the era probe: a legacy server must not
   * get a 2026 notification before its handshake. Sent whatever the signal says: it is the last word.
   */
  private tellCancelled(id: string | number, method: string, error: TransportError): void {
    if (method === 'initialize' || method === 'server/discover') return;
    if (this.channel.transport === 'http' && this.era === 'modern') return;
    const reason = error.kind === 'timeout' ? `mcpvet gave up waiting: ${error.message}` : 'mcpvet cancelled the request';
    void this.envelope('notifications/cancelled', { requestId: id, reason }, 'notification')
      .then((envelope) => {
        const notification: JsonObject = { jsonrpc: '2.0', method: 'notifications/cancelled', params: envelope.params };
        return this.channel.send(notification, { timeoutMs: Math.min(this.options.timeoutMs, 2000), headers: envelope.headers });
      })
      .catch(() => undefined);
  }

  async notify(method: string, params?: JsonObject, options: RawRequestOptions = {}): Promise<RpcOutcome | undefined> {
    const envelope = await this.envelope(method, params, 'notification');
    const message: JsonObject = { jsonrpc: '2.0', method };
    if (envelope.params !== undefined) message.params = envelope.params;
    const reply = await this.channel.send(message, this.sendOptions(options, envelope.headers));
    return reply.http ? toOutcome(null as never, reply) : undefined;
  }

  async raw(message: JsonObject | string, options: RawRequestOptions = {}): Promise<RpcOutcome | undefined> {
    const reply = await this.channel.send(message, this.sendOptions(options, {}));
    const id = typeof message === 'string' ? null : (message.id as string | number | undefined);
    if (!reply.response && !reply.http && reply.notifications.length === 0) return undefined;
    return toOutcome((id ?? null) as never, reply);
  }

  async listAll(method: ListMethod): Promise<JsonObject[]> {
    const field = LIST_ITEMS_FIELD[method];
    const items: JsonObject[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < (this.options.maxPages ?? 1000); page++) {
      const outcome = await this.request(method, cursor === undefined ? {} : { cursor });
      const result = expectResult(outcome, method);
      const pageItems = result[field];
      if (!Array.isArray(pageItems)) throw new ProtocolViolation(`${method} result has no "${field}" array`, outcome);
      for (const item of pageItems as JsonObject[]) items.push(item);
      // A missing nextCursor ends the list; an empty string is a valid cursor (DIGEST §5).
      if (typeof result.nextCursor !== 'string') return this.remember(method, items);
      if (seen.has(result.nextCursor)) throw new ProtocolViolation(`${method} returned cursor "${result.nextCursor}" twice: pagination loops`, outcome);
      seen.add(result.nextCursor);
      cursor = result.nextCursor;
    }
    throw new Error(`${method}: more than ${this.options.maxPages ?? 1000} pages`);
  }

  callTool(name: string, args: JsonObject = {}, options: { timeoutMs?: number; meta?: JsonObject } = {}): Promise<RpcOutcome> {
    const params: JsonObject = { name, arguments: args };
    if (options.meta) params._meta = options.meta;
    return this.requestWithInput('tools/call', params, options);
  }

  readResource(uri: string): Promise<RpcOutcome> {
    return this.requestWithInput('resources/read', { uri });
  }

  getPrompt(name: string, args: Record<string, string> = {}): Promise<RpcOutcome> {
    return this.requestWithInput('prompts/get', { name, arguments: args });
  }

  complete(params: JsonObject): Promise<RpcOutcome> {
    return this.request('completion/complete', params);
  }

  async close(): Promise<void> {
    await this.channel.close();
  }

  /** The tools of the last tools/list, indexed by name only when asked: most connections never ask. */
  private listedTools: JsonObject[] = [];
  private toolIndex: Map<string, JsonObject> | undefined;

  /** Tool definitions seen in the last tools/list, for era features that need a tool's schema. */
  protected get knownTools(): Map<string, JsonObject> {
    if (!this.toolIndex) {
      this.toolIndex = new Map();
      for (const tool of this.listedTools) if (typeof tool.name === 'string') this.toolIndex.set(tool.name, tool);
    }
    return this.toolIndex;
  }

  private remember(method: string, items: JsonObject[]): JsonObject[] {
    if (method === 'tools/list') {
      this.listedTools = items;
      this.toolIndex = undefined;
    }
    return items;
  }

  /** Legacy servers ask through server requests, so the legacy client needs no loop; the modern one overrides. */
  protected requestWithInput(method: string, params: JsonObject, options: { timeoutMs?: number } = {}): Promise<RpcOutcome> {
    return this.request(method, params, options);
  }

  protected sendOptions(options: RawRequestOptions, headers: Record<string, string>) {
    return {
      timeoutMs: options.timeoutMs ?? this.options.timeoutMs,
      headers: { ...headers, ...options.headers },
      httpMethod: options.httpMethod,
      onNotification: options.onNotification,
      awaitNullId: options.awaitNullId,
      stopAtFlood: this.options.stopAtFlood,
      signal: options.signal ?? requestSignal(),
    };
  }
}

/** Params with extra `_meta` keys merged in (keys the params already carry win). */
function withExtraMeta(params: JsonObject | undefined, meta: JsonObject | undefined): JsonObject | undefined {
  if (!meta || Object.keys(meta).length === 0) return params;
  const given = params && isObject(params._meta) ? params._meta : {};
  return { ...params, _meta: { ...meta, ...given } };
}

/** A server answer that breaks the protocol badly enough that the client cannot go on. */
export class ProtocolViolation extends Error {
  constructor(
    message: string,
    readonly outcome?: RpcOutcome,
  ) {
    super(message);
    this.name = 'ProtocolViolation';
  }
}

/** The result of an outcome, or an error naming the method and the server's error. */
export function expectResult(outcome: RpcOutcome, method: string): JsonObject {
  if (outcome.error) throw new RpcError(method, outcome);
  if (!isObject(outcome.result)) {
    const status = outcome.http ? ` (HTTP ${outcome.http.status})` : '';
    throw new ProtocolViolation(`${method}: no result in the answer${status}`, outcome);
  }
  return outcome.result;
}

export class RpcError extends Error {
  constructor(
    readonly method: string,
    readonly outcome: RpcOutcome,
  ) {
    super(`${method} failed: ${outcome.error?.message ?? 'error'} (${outcome.error?.code})`);
    this.name = 'RpcError';
  }
}

export function toOutcome(id: string | number, reply: ChannelReply): RpcOutcome {
  const response = reply.response;
  const outcome: RpcOutcome = { id, notifications: reply.notifications, frames: reply.frames };
  if (response && isObject(response.result)) outcome.result = response.result;
  if (response && isObject(response.error)) outcome.error = response.error as never;
  if (reply.http) {
    outcome.http = { status: reply.http.status, headers: reply.http.headers, contentType: reply.http.contentType };
    // An error status's body is often the only explanation (a 401's, a proxy's): keep it.
    if (reply.http.status >= 400) outcome.http.bodyText = reply.http.bodyText;
  }
  return outcome;
}
