/** Public types of the notes server library. */
import type { Id, Json } from './protocol.js';

export type EraMode = 'dual' | 'modern' | 'legacy';

/**
 * What a legacy (initialize-based) connection remembers: one per stdio process, one per HTTP
 * session. Transports create it with `createLegacySession`; the core fills it in on `initialize`.
 */
export interface LegacySession {
  /** HTTP session id (Mcp-Session-Id); undefined on stdio. */
  readonly id?: string;
  /** Version agreed by `initialize`; undefined until then (stdio: the process is not legacy yet). */
  protocolVersion?: string;
  clientCapabilities: Json;
  clientInfo?: unknown;
  /** `notifications/initialized` received. */
  initialized: boolean;
  logLevel?: string;
  /** URIs of `resources/subscribe`. */
  subscribedUris: Set<string>;
  /** Server -> client requests waiting for the client's response, by request id. */
  pending: Map<Id, (response: Json) => void>;
  /** Long-lived channel for unsolicited notifications (stdout; the HTTP GET stream); set by the transport. */
  notify?: (message: Json) => void;
  /** Set by the core: unregisters the session's change listener. */
  dispose?: () => void;
}

export interface HandleContext {
  transport: 'stdio' | 'http';
  session?: LegacySession;
  /** Sends a notification (or, in the legacy era, a server -> client request) on this request's channel. */
  send(message: Json): void;
  /** Aborted when the client cancels the request (stdio) or closes its stream (HTTP). */
  signal?: AbortSignal;
  /** HTTP request headers, lower-cased names; present only over HTTP (the core checks the modern mirrored headers). */
  headers?: Record<string, string | undefined>;
  /** With bearer auth: the tools the caller's scopes let it see. */
  toolFilter?: (tool: Json) => boolean;
  /** With bearer auth: who is calling (the token's subject); requestState is bound to it. */
  principal?: string;
}

export interface NotesServerHooks {
  /** Called for every incoming message; return a response to short-circuit the server. */
  onRequest?(message: Json, ctx: HandleContext): Json | undefined | Promise<Json | undefined>;
  /** Called with every response the server produced; return the (possibly rewritten) response. */
  onResponse?(response: Json, request: Json, ctx: HandleContext): Json | Promise<Json>;
}

export interface NotesServerOptions {
  era?: EraMode;
  /** tools/list page size (default 3). */
  pageSize?: number;
  /** HMAC key of requestState (default env NOTES_STATE_SECRET, else a fixed development key). */
  stateSecret?: string;
  /** JSON file that persists notes and spent requestState nonces; re-read on every operation. */
  dataFile?: string;
  /** How long a legacy elicitation request waits for the client (default 30 s). */
  elicitationTimeoutMs?: number;
  /** Lifetime of an MRTR requestState (default 5 min). */
  requestStateTtlMs?: number;
  /** Serve tasks (2025-11-25 tasks utility, 2026 tasks extension); default true. */
  tasks?: boolean;
  /** How long a task's work takes before it runs (default 150 ms). */
  taskWorkMs?: number;
  hooks?: NotesServerHooks;
}

export interface NotesServer {
  readonly era: EraMode;
  /** Handles one incoming JSON-RPC message; resolves to the response, or undefined when nothing is to be sent. */
  handle(message: Json, ctx: HandleContext): Promise<Json | undefined>;
  /** Ends a legacy session (HTTP DELETE, stdio EOF): drops its listeners and pending requests. */
  closeSession(session: LegacySession): void;
}

export function createLegacySession(id?: string): LegacySession {
  return { id, clientCapabilities: {}, initialized: false, subscribedUris: new Set(), pending: new Map() };
}
