/**
 * A JSON-RPC channel over one transport: send a message, get its answer (correlated by id),
 * the notifications that came with it, and what HTTP said. Era-neutral: envelopes are added above.
 */
import type { Trace } from '../wire/trace.js';
import type { Transport } from '../wire/target.js';
import type { JsonObject, RequestMessage } from './jsonrpc.js';

export interface SendOptions {
  timeoutMs: number;
  /** HTTP only: headers for this message (a null value removes a default header). */
  headers?: Record<string, string | null>;
  /** HTTP only: the method (default POST). */
  httpMethod?: string;
  onNotification?: (notification: JsonObject) => void;
  /** Resolve on the first notification for which this returns true, without waiting for a response (listen streams). */
  stopOn?: (notification: JsonObject) => boolean;
  /** Fail the request once it drew a flood of notifications (protocol/flood.ts) instead of reading on. */
  stopAtFlood?: boolean;
  /** stdio only: wait for a response with id null (the answer to unparsable input). */
  awaitNullId?: boolean;
  /** Aborts the request: it stops waiting at once (TransportError `cancelled`); over HTTP its stream is closed. */
  signal?: AbortSignal;
}

/** Notifications kept per request in `ChannelReply.notifications`; past it they are only counted. */
export const MAX_KEPT_NOTIFICATIONS = 1000;

export interface ChannelReply {
  response?: JsonObject;
  /** The first MAX_KEPT_NOTIFICATIONS notifications that came with the request. */
  notifications: JsonObject[];
  /** All notifications that came with the request, kept or not. */
  notificationCount?: number;
  http?: { status: number; headers: Record<string, string>; contentType?: string; bodyText: string };
  frames: { from: number; to: number };
}

/** Answers a JSON-RPC request the server sent (legacy era only: elicitation, sampling, roots, ping). */
export type ServerRequestHandler = (request: RequestMessage) => Promise<{ result?: JsonObject; error?: { code: number; message: string } }>;

export interface Channel {
  readonly transport: Transport;
  readonly trace: Trace;
  /**
   * Sends a message (an object, or a string sent exactly as given). A message with an id waits
   * for the response with that id; one without resolves when the transport accepted it.
   */
  send(message: JsonObject | string, options: SendOptions): Promise<ChannelReply>;
  /** Headers added to every HTTP request from now on (e.g. Mcp-Session-Id); null removes one. */
  setDefaultHeaders(headers: Record<string, string | null>): void;
  onServerRequest(handler: ServerRequestHandler): void;
  close(): Promise<void>;
}
