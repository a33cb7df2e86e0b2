/** The one client interface both eras implement (see modern-client.ts and legacy-client.ts). */
import type { ListMethod } from '../protocol/lists.js';
import type { Era } from '../protocol/versions.js';
import type { Trace } from '../wire/trace.js';
import type { Target } from '../wire/target.js';

export type JsonObject = Record<string, unknown>;

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** What came back for one request: a result or an error, plus what the transport saw. */
export interface RpcOutcome<R = JsonObject> {
  id: string | number;
  result?: R;
  error?: JsonRpcError;
  /** Notifications that arrived for this request before its response (SSE, or stdio progress). */
  notifications: JsonObject[];
  /** HTTP only: status and response headers (lower-case names); the body text of an error status. */
  http?: { status: number; headers: Record<string, string>; contentType?: string; bodyText?: string };
  /** First and last trace seq of this exchange, for evidence. */
  frames: { from: number; to: number };
  /** MRTR: how many requests it took (1 when no input was required). */
  rounds?: number;
}

export interface RawRequestOptions {
  /** HTTP only: headers to send instead of the derived ones (null removes a derived header). */
  headers?: Record<string, string | null>;
  /** HTTP only: the HTTP method (default POST). */
  httpMethod?: string;
  /** stdio only: wait for a response with id null (the answer to unparsable input). */
  awaitNullId?: boolean;
  timeoutMs?: number;
  /** Called for each notification that arrives while the request is pending. */
  onNotification?: (notification: JsonObject) => void;
  /**
   * Cancels the request (default: the signal of the running check, client/request-signal.ts):
   * it fails at once, and the server is told (stdio: notifications/cancelled; HTTP: the stream closes).
   */
  signal?: AbortSignal;
}

export interface ServerIdentity {
  name?: string;
  version?: string;
  [key: string]: unknown;
}

/** Answers input requests (elicitation, sampling, roots) for MRTR and for legacy server requests. */
export interface InputHost {
  /** Capabilities to declare: elicitation/sampling/roots, as ClientCapabilities. */
  capabilities: JsonObject;
  answer(request: { method: string; params?: JsonObject; key?: string }): Promise<JsonObject>;
}

export interface McpClient {
  readonly target: Target;
  readonly era: Era;
  readonly protocolVersion: string;
  /** How the era was decided, in words (e.g. "server/discover answered"). */
  readonly eraReason: string;
  readonly serverCapabilities: JsonObject;
  readonly serverInfo: ServerIdentity | undefined;
  readonly instructions: string | undefined;
  /** The discover or initialize result as received. */
  readonly handshake: JsonObject | undefined;
  readonly trace: Trace;

  /** Any request with the era's envelope added (params._meta, HTTP headers). Errors are returned, not thrown. */
  request(method: string, params?: JsonObject, options?: RawRequestOptions): Promise<RpcOutcome>;
  /** A notification with the era's envelope. */
  notify(method: string, params?: JsonObject, options?: RawRequestOptions): Promise<RpcOutcome | undefined>;
  /**
   * Anything at all, exactly as given: a message object, or a string sent as-is (e.g. invalid JSON).
   * No envelope is added. For probes.
   */
  raw(message: JsonObject | string, options?: RawRequestOptions): Promise<RpcOutcome | undefined>;

  listAll(method: ListMethod): Promise<JsonObject[]>;
  callTool(name: string, args?: JsonObject, options?: { timeoutMs?: number; meta?: JsonObject }): Promise<RpcOutcome>;
  readResource(uri: string): Promise<RpcOutcome>;
  getPrompt(name: string, args?: Record<string, string>): Promise<RpcOutcome>;
  complete(params: JsonObject): Promise<RpcOutcome>;

  close(): Promise<void>;
}

export { TransportError, type TransportErrorKind } from '../protocol/transport-error.js';
