/**
 * Requests whose SSE stream a check judges event by event (wire/http-stream-probe.ts): sent with
 * the headers a correct client of the connection's era sends (a legacy session's id and version, or
 * the modern mirrored headers), so only what the check changes differs. Every stream is closed by
 * the end of its window: a GET stream that never ends cannot hang the run.
 */
import type { McpClient } from '../../../client/types.js';
import { isObject, type JsonObject } from '../../../protocol/jsonrpc.js';
import { streamProbe, StreamProbeFailure, type SseItem, type StreamProbeResult } from '../../../wire/http-stream-probe.js';
import type { CheckContext } from '../../types.js';
import { probeArguments } from '../../arguments/probe-arguments.js';
import { sessionIdOf } from './legacy-session.js';
import { modernEnvelope } from './probe.js';

export interface StreamRequest {
  httpMethod?: 'GET' | 'POST';
  /** The JSON-RPC message (POST); modern requests get their `_meta` envelope added. */
  message?: JsonObject;
  /** Header changes, by exact name (null removes one the era adds). */
  headers?: Record<string, string | null>;
  inputSchema?: unknown;
  /** Derived headers to send under another spelling: lower-case name -> name as sent. */
  renameHeaders?: Record<string, string>;
  /** Read a GET stream (or any stream) this long at most. */
  listenMs?: number;
  /** After the response to the request arrives, read this long more to see whether the stream ends. */
  graceMs?: number;
}

export type StreamOutcome = StreamProbeResult | { failure: string };

let streamCounter = 0;

/** How long a check listens on a stream that has no reason to end. */
export const listenWindow = (ctx: CheckContext): number => Math.min(1500, Math.max(300, ctx.timeoutMs / 4));

export async function sendStream(ctx: CheckContext, client: McpClient, request: StreamRequest): Promise<StreamOutcome> {
  if (client.target.transport !== 'http') return { failure: 'not an HTTP target' };
  const httpMethod = request.httpMethod ?? 'POST';
  const headers: Record<string, string> = { ...(client.target.headers ?? {}) };
  headers.accept = httpMethod === 'GET' ? 'text/event-stream' : 'application/json, text/event-stream';
  let body: string | undefined;
  let message = request.message;
  if (client.era === 'modern' && message) {
    const params = isObject(message.params) ? message.params : {};
    const envelope = modernEnvelope(client, String(message.method), params, request.inputSchema);
    message = { ...message, params: envelope.params };
    Object.assign(headers, envelope.headers);
  } else if (client.era === 'legacy') {
    const sessionId = sessionIdOf(client);
    if (sessionId !== undefined) headers['mcp-session-id'] = sessionId;
    if (client.protocolVersion >= '2025-06-18') headers['mcp-protocol-version'] = client.protocolVersion;
  }
  if (httpMethod === 'POST') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(message ?? {});
  }
  for (const [lower, spelt] of Object.entries(request.renameHeaders ?? {})) {
    if (headers[lower] === undefined) continue;
    headers[spelt] = headers[lower];
    delete headers[lower];
  }
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    for (const existing of Object.keys(headers)) if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
    if (value !== null) headers[name] = value;
  }
  const id = message?.id;
  const answersRequest = (item: SseItem): boolean =>
    id !== undefined && isObject(item.message) && item.message.id === id && ('result' in item.message || 'error' in item.message);
  try {
    return await streamProbe({
      url: client.target.url,
      method: httpMethod,
      headers,
      body,
      trace: client.trace,
      timeoutMs: ctx.timeoutMs,
      listenMs: request.listenMs,
      settle: request.graceMs !== undefined ? answersRequest : undefined,
      graceMs: request.graceMs,
      signal: ctx.signal,
    });
  } catch (error) {
    if (error instanceof StreamProbeFailure) return { failure: error.message };
    throw error;
  }
}

/** A stream request whose HTTP head did not come in time (not a dropped connection); wire/http-stream-probe.ts words it so. */
export const timedOut = (outcome: StreamOutcome): boolean => 'failure' in outcome && outcome.failure.startsWith('no answer within');

export const isSse = (outcome: StreamProbeResult): boolean => outcome.contentType?.toLowerCase().startsWith('text/event-stream') ?? false;

/** The JSON-RPC messages of a stream's events. */
export const streamMessages = (outcome: StreamProbeResult): JsonObject[] =>
  outcome.items.filter((item) => item.kind === 'event' && isObject(item.message)).map((item) => item.message as JsonObject);

export const requestId = (label: string): string => `mcpvet-stream-${label}-${++streamCounter}`;

export interface StreamingAnswer {
  outcome: StreamProbeResult;
  label: string;
  id: string;
}

/**
 * A request the server answers with an SSE stream: tools/list asking for progress, then each tool
 * the call policy allows (asking for progress too), until one streams. Undefined when every answer
 * was JSON (a server may always answer so); `tried` says what was sent.
 */
export async function findStreamingAnswer(
  ctx: CheckContext,
  client: McpClient,
  graceMs?: number,
): Promise<{ found?: StreamingAnswer; tried: string[]; callable: number }> {
  const candidates: { label: string; method: string; params: JsonObject; inputSchema?: unknown }[] = [];
  if (isObject(client.serverCapabilities.tools)) {
    candidates.push({ label: 'tools/list', method: 'tools/list', params: {} });
    for (const tool of await ctx.tools()) {
      const policy = ctx.callPolicy(tool);
      if (!policy.allowed) continue;
      candidates.push({
        label: `tools/call ${String(tool.name)}`,
        method: 'tools/call',
        params: { name: tool.name, arguments: await probeArguments(ctx, tool) },
        inputSchema: tool.inputSchema,
      });
    }
  } else {
    candidates.push({ label: client.era === 'modern' ? 'server/discover' : 'ping', method: client.era === 'modern' ? 'server/discover' : 'ping', params: {} });
  }
  const callable = candidates.filter((candidate) => candidate.method === 'tools/call').length;
  const tried: string[] = [];
  for (const candidate of candidates.slice(0, 6)) {
    const id = requestId('sse');
    const params = { ...candidate.params, _meta: { progressToken: id } };
    const outcome = await sendStream(ctx, client, {
      message: { jsonrpc: '2.0', id, method: candidate.method, params },
      inputSchema: candidate.inputSchema,
      graceMs: graceMs ?? 0,
      listenMs: ctx.timeoutMs,
    });
    tried.push(`${candidate.label}: ${'failure' in outcome ? outcome.failure : `HTTP ${outcome.status} ${outcome.contentType ?? 'no Content-Type'}`}`);
    if (!('failure' in outcome) && isSse(outcome) && outcome.status < 300) return { found: { outcome, label: candidate.label, id }, tried, callable };
  }
  return { tried, callable };
}
