/**
 * Streamable HTTP transport on 127.0.0.1: POST /mcp. Modern requests are stateless (any
 * Mcp-Session-Id is ignored and never echoed); legacy clients get a session from `initialize`,
 * may open a GET stream for notifications, and end the session with DELETE.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Code, LEGACY_VERSIONS, META, errorResponse, isId, isObject, kindOf, type Json } from './protocol.js';
import { createLegacySession, type LegacySession, type NotesServer } from './types.js';
import { toolVisible, type Grant, type HttpAuth } from './auth.js';
import { eventText, startEvents } from './http-sse.js';

export interface HttpOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Origins accepted besides http://127.0.0.1:PORT and http://localhost:PORT. */
  allowedOrigins?: string[];
  /** Host headers accepted besides 127.0.0.1:PORT, localhost:PORT, [::1]:PORT and HOST:PORT. */
  allowedHosts?: string[];
  /** Runs first for every HTTP request; return true when it answered (lets fixtures break transport rules). */
  onHttpRequest?(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
  maxBodyBytes?: number;
  /** Bearer auth (auth.ts): every /mcp request needs a token; the metadata document is served. */
  auth?: HttpAuth;
}

export interface HttpHandle {
  url: string;
  close(): Promise<void>;
}

const SSE_HEADERS = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' };
const KEEPALIVE_MS = 15_000;

function sendJson(res: ServerResponse, status: number, body: Json, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** HTTP status of a JSON response (DIGEST §0.2-0.3). Other errors stay in-band with 200, as the TS SDK does. */
export function statusFor(response: Json, legacy: boolean): number {
  const error = response.error;
  if (!isObject(error)) return 200;
  const code = error.code as number;
  if (code === Code.ParseError || code === Code.InvalidRequest) return 400;
  if (legacy) return 200;
  if (code === Code.HeaderMismatch || code === Code.MissingRequiredClientCapability || code === Code.UnsupportedProtocolVersion) return 400;
  if (code === Code.MethodNotFound) return 404;
  if (code === Code.InvalidParams && isObject(error.data) && 'missingMetaKeys' in error.data) return 400;
  return 200;
}

function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) resolve(undefined);
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function flatHeaders(req: IncomingMessage): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

const hasModernMeta = (message: Json): boolean => isObject(message.params) && isObject(message.params._meta) && META.protocolVersion in message.params._meta;

const hasProgressToken = (message: Json): boolean =>
  isObject(message.params) && isObject(message.params._meta) && message.params._meta.progressToken !== undefined;

export async function serveHttp(server: NotesServer, options: HttpOptions = {}): Promise<HttpHandle> {
  const host = options.host ?? '127.0.0.1';
  const sessions = new Map<string, LegacySession>();
  const openStreams = new Set<ServerResponse>();
  const sessionStreams = new Map<LegacySession, ServerResponse>();
  let allowedOrigins = new Set<string>();
  let allowedHosts = new Set<string>();
  let endpoint = '';

  const sseWrite = (res: ServerResponse, message: Json): void => void res.write(eventText(res, message));

  function openSse(res: ServerResponse, session: LegacySession | undefined, headers: Record<string, string> = {}): void {
    res.writeHead(200, { ...SSE_HEADERS, ...headers });
    res.flushHeaders(); // a stream may stay quiet for long; the client must see it open now
    startEvents(res, session);
    openStreams.add(res);
    // 'close' can come well after end(): a keep-alive written in between would crash the server.
    const keepAlive = setInterval(() => void (res.writableEnded || res.write(': keep-alive\n\n')), KEEPALIVE_MS);
    res.on('close', () => {
      clearInterval(keepAlive);
      openStreams.delete(res);
    });
  }

  /** Legacy GET: the session's stream for unsolicited notifications. */
  function openSessionStream(session: LegacySession, res: ServerResponse): void {
    if (session.notify) return sendJson(res, 409, errorResponse(undefined, Code.InvalidRequest, 'This session already has a GET stream'));
    openSse(res, session);
    session.notify = (message) => sseWrite(res, message);
    sessionStreams.set(session, res);
    res.on('close', () => {
      session.notify = undefined;
      sessionStreams.delete(session);
    });
  }

  async function handlePost(req: IncomingMessage, res: ServerResponse, grant?: Grant): Promise<void> {
    const body = await readBody(req, options.maxBodyBytes ?? 4 * 1024 * 1024);
    if (body === undefined) return sendJson(res, 413, errorResponse(null, Code.InvalidRequest, 'Request body too large'));
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch {
      return sendJson(res, 400, errorResponse(null, Code.ParseError, 'Parse error: invalid JSON'));
    }
    if (!isObject(message))
      return sendJson(res, 400, errorResponse(null, Code.InvalidRequest, 'Invalid request: expected one JSON-RPC message (batches are not supported)'));
    const kind = kindOf(message);
    if (kind === 'invalid') return sendJson(res, 400, errorResponse(isId(message.id) ? message.id : null, Code.InvalidRequest, 'Invalid request'));

    // Which era serves this message: a new or known legacy session, or the stateless modern path.
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    const idOrNull = isId(message.id) ? message.id : null;
    let session: LegacySession | undefined;
    let newSession = false;
    if (kind === 'request' && message.method === 'initialize' && server.era !== 'modern') {
      session = createLegacySession(randomUUID());
      newSession = true;
    } else if (sessionId !== undefined && server.era !== 'modern') {
      session = sessions.get(sessionId);
      // An unknown id on a modern request is ignored; on a legacy one it means the session is gone.
      if (!session && (server.era === 'legacy' || !hasModernMeta(message))) {
        return sendJson(res, 404, errorResponse(idOrNull, Code.InvalidRequest, 'Session not found'));
      }
    } else if (server.era === 'legacy') {
      return sendJson(res, 400, errorResponse(idOrNull, Code.InvalidRequest, 'Bad request: Mcp-Session-Id header is required'));
    }
    if (grant && session && !options.auth!.ownsSession(grant, session, res)) return;
    if (grant && kind === 'request' && !options.auth!.authorize(grant, message, res, endpoint)) return;
    const legacy = session !== undefined;
    if (legacy && !newSession) {
      // Since 2025-06-18 the header is required after initialize; a missing one means 2025-03-26.
      const version = req.headers['mcp-protocol-version'];
      if (version !== undefined && !(LEGACY_VERSIONS as readonly string[]).includes(version as string)) {
        return sendJson(res, 400, errorResponse(idOrNull, Code.InvalidRequest, `Bad request: unsupported MCP-Protocol-Version ${String(version)}`));
      }
    }
    const headers = legacy ? undefined : flatHeaders(req);
    const toolFilter = grant && toolVisible(grant);

    if (kind !== 'request') {
      const response = await server.handle(message, { transport: 'http', session, headers, send: () => undefined, toolFilter, principal: grant?.subject });
      if (response) return sendJson(res, statusFor(response, legacy), response);
      res.writeHead(202).end();
      return;
    }

    const controller = new AbortController();
    const { signal } = controller;
    // The client closing its stream before the answer is cancellation (DIGEST §3).
    res.on('close', () => void (res.writableFinished || controller.abort()));
    const extraHeaders: Record<string, string> = {};
    let streaming = false;
    const send = (notification: Json): void => {
      if (signal.aborted || res.writableEnded) return;
      if (!streaming) openSse(res, session, extraHeaders);
      streaming = true;
      sseWrite(res, notification);
    };
    const response = await server.handle(message, { transport: 'http', session, headers, send, signal, toolFilter, principal: grant?.subject });
    if (newSession && session && response && 'result' in response) {
      sessions.set(session.id!, session);
      extraHeaders['Mcp-Session-Id'] = session.id!;
    }
    if (signal.aborted || res.writableEnded) return;
    if (!response) {
      if (streaming) res.end();
      else res.writeHead(202).end();
      return;
    }
    // A modern request that asked for progress gets a stream even when no progress was due.
    const wantsStream = !legacy && hasProgressToken(message) && 'result' in response;
    if (streaming || wantsStream) {
      if (!streaming) openSse(res, session, extraHeaders);
      sseWrite(res, response);
      res.end();
      return;
    }
    sendJson(res, statusFor(response, legacy), response, extraHeaders);
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (options.onHttpRequest && (await options.onHttpRequest(req, res))) return;
    if (options.auth?.serveMetadata(req, res, endpoint)) return;
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/mcp') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin)) {
      return sendJson(res, 403, errorResponse(undefined, Code.InvalidRequest, `Forbidden: Origin ${origin} is not allowed`));
    }
    // DNS rebinding: a page whose domain resolves to 127.0.0.1 reaches us with its own Host name.
    if (!allowedHosts.has((req.headers.host ?? '').toLowerCase())) {
      return sendJson(res, 421, errorResponse(undefined, Code.InvalidRequest, `Misdirected request: Host ${req.headers.host ?? '(none)'} is not served here`));
    }
    const grant = await options.auth?.authenticate(req, res, endpoint);
    if (options.auth && !grant) return;
    if (req.method === 'POST') return handlePost(req, res, grant);
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    const session = sessionId !== undefined && server.era !== 'modern' ? sessions.get(sessionId) : undefined;
    if ((req.method === 'GET' || req.method === 'DELETE') && sessionId !== undefined && server.era !== 'modern' && !session) {
      return sendJson(res, 404, errorResponse(undefined, Code.InvalidRequest, 'Session not found'));
    }
    if (req.method === 'GET' && session) return openSessionStream(session, res);
    if (req.method === 'DELETE' && session) {
      sessions.delete(session.id!);
      server.closeSession(session);
      sessionStreams.get(session)?.end();
      res.writeHead(200).end();
      return;
    }
    // Without a legacy session only POST exists (a 2026-07-28 server answers GET and DELETE with 405).
    sendJson(res, 405, errorResponse(undefined, Code.InvalidRequest, `Method ${req.method} not allowed`), { Allow: 'POST' });
  }

  const http = createServer((req, res) => {
    onRequest(req, res).catch((err: Error) => {
      process.stderr.write(`notes-server: ${err.message}\n`);
      if (!res.headersSent) sendJson(res, 500, errorResponse(null, Code.InternalError, 'Internal error'));
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  endpoint = `http://${host}:${port}/mcp`;
  allowedOrigins = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`, ...(options.allowedOrigins ?? [])]);
  const hostName = host.includes(':') ? `[${host}]` : host;
  allowedHosts = new Set(
    [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `${hostName}:${port}`, ...(options.allowedHosts ?? [])].map((name) => name.toLowerCase()),
  );
  return {
    url: endpoint,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of openStreams) res.end();
        for (const session of sessions.values()) server.closeSession(session);
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}
