/**
 * Optional bearer auth of the HTTP mode (`--auth`): the server is an OAuth resource server with a
 * Protected Resource Metadata document (RFC 9728). There is no authorization server here: tokens
 * are HMAC-signed claims {sub, aud, scope, exp} under NOTES_AUTH_SECRET (a fixed development key by
 * default), so tests mint them with `mintToken`. Every request needs `notes:read`; add_note and
 * delete_note need `notes:write`, export_notes `notes:export`. A token sees only the tools its
 * scopes allow, and a call is refused with a step-up challenge (403 insufficient_scope) otherwise.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isObject, type Json } from './protocol.js';
import type { LegacySession } from './types.js';

export const DEV_AUTH_SECRET = 'notes-server-development-auth-secret';
export const BASE_SCOPE = 'notes:read';
/** What a client asks for first; write and export come by step-up (the spec's minimal set). */
export const SCOPES_SUPPORTED = [BASE_SCOPE];
const TOOL_SCOPES: Record<string, string[]> = { add_note: ['notes:write'], delete_note: ['notes:write'], export_notes: ['notes:export'] };
/** A broader scope implies narrower ones (servers must account for scope hierarchies). */
const IMPLIED: Record<string, string[]> = { 'notes:write': [BASE_SCOPE], 'notes:export': [BASE_SCOPE], notes: [BASE_SCOPE, 'notes:write', 'notes:export'] };

export interface TokenClaims {
  sub: string;
  /** The resource the token was issued for: the MCP endpoint URL. */
  aud: string;
  /** Space-separated scopes. */
  scope: string;
  /** Expiry, seconds since epoch. */
  exp: number;
}

export interface Grant {
  subject: string;
  scopes: ReadonlySet<string>;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function mintToken(claims: TokenClaims, secret = DEV_AUTH_SECRET): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `nat.${payload}.${sign(secret, payload)}`;
}

export type Verified = { ok: true; grant: Grant } | { ok: false; reason: string };

/** Signature, expiry and audience (a token issued for another resource is never accepted). */
export function verifyToken(token: string, audience: string, secret = DEV_AUTH_SECRET, now = Date.now()): Verified {
  const [prefix, payload, signature, extra] = token.split('.');
  if (prefix !== 'nat' || !payload || !signature || extra !== undefined) return { ok: false, reason: 'The access token is malformed' };
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'The access token failed verification' };
  let claims: Partial<TokenClaims>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<TokenClaims>;
  } catch {
    return { ok: false, reason: 'The access token is malformed' };
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return { ok: false, reason: 'The access token expired' };
  if (claims.aud !== audience) return { ok: false, reason: 'The access token was issued for another resource' };
  if (typeof claims.sub !== 'string' || typeof claims.scope !== 'string') return { ok: false, reason: 'The access token is malformed' };
  return { ok: true, grant: grantOf(claims.sub, claims.scope) };
}

/** The grant of a verified token: its space-separated scopes, with those they imply. */
export function grantOf(subject: string, scope: string): Grant {
  const scopes = new Set<string>();
  for (const name of scope.split(' ').filter(Boolean)) for (const granted of [name, ...(IMPLIED[name] ?? [])]) scopes.add(granted);
  return { subject, scopes };
}

/** The scopes a request needs: notes:read always, and a tool's own for tools/call. */
export function scopesNeeded(message: Json): string[] {
  const params = isObject(message.params) ? message.params : {};
  const extra = message.method === 'tools/call' && typeof params.name === 'string' ? (TOOL_SCOPES[params.name] ?? []) : [];
  return [BASE_SCOPE, ...extra];
}

export const toolVisible =
  (grant: Grant) =>
  (tool: Json): boolean =>
    (TOOL_SCOPES[tool.name as string] ?? []).every((scope) => grant.scopes.has(scope));

/** RFC 9728 §3.1: the metadata of `/mcp` lives at `/.well-known/oauth-protected-resource/mcp`. */
export function metadataUrl(endpoint: string): string {
  const url = new URL(endpoint);
  return `${url.origin}/.well-known/oauth-protected-resource${url.pathname}`;
}

/** The Protected Resource Metadata of the endpoint (RFC 9728 §2). */
export function metadataDocument(endpoint: string, issuer = new URL(endpoint).origin): Json {
  return { resource: endpoint, authorization_servers: [issuer], scopes_supported: SCOPES_SUPPORTED, bearer_methods_supported: ['header'] };
}

export function challenge(endpoint: string, params: Record<string, string> = {}): string {
  const all = { ...params, resource_metadata: metadataUrl(endpoint) };
  return (
    'Bearer ' +
    Object.entries(all)
      .map(([name, value]) => `${name}="${value.replace(/["\\]/g, '')}"`)
      .join(', ')
  );
}

function refuse(res: ServerResponse, status: number, wwwAuthenticate: string, error: string, description: string): void {
  res
    .writeHead(status, { 'Content-Type': 'application/json', 'WWW-Authenticate': wwwAuthenticate })
    .end(JSON.stringify({ error, error_description: description }));
}

export interface HttpAuth {
  /** Answers GET of the metadata document (no token needed); true when it did. */
  serveMetadata(req: IncomingMessage, res: ServerResponse, endpoint: string): boolean;
  /** The caller's grant, or undefined once a 401 was sent. */
  authenticate(req: IncomingMessage, res: ServerResponse, endpoint: string): Grant | undefined | Promise<Grant | undefined>;
  /** False once a 403 step-up challenge was sent: the grant lacks a scope the request needs. */
  authorize(grant: Grant, message: Json, res: ServerResponse, endpoint: string): boolean;
  /** Legacy sessions belong to the identity that opened them; false once another one was refused. */
  ownsSession(grant: Grant, session: LegacySession, res: ServerResponse): boolean;
}

export interface BearerAuthOptions {
  secret?: string;
  /** The authorization server named in the metadata (default: the server's own origin). */
  issuer?: string;
}

/** The HMAC bearer auth answers at once (fixtures wrap its authenticate). */
export interface SyncHttpAuth extends HttpAuth {
  authenticate(req: IncomingMessage, res: ServerResponse, endpoint: string): Grant | undefined;
}

/** The token of the Authorization header (a token in the query string is ignored: OAuth 2.1 §5.1). */
export const bearerTokenOf = (req: IncomingMessage): string | undefined => /^Bearer +(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];

/** The caller's grant, or a 401 sent (no token, or one that failed verification). */
export function judgeToken(res: ServerResponse, endpoint: string, verified: Verified | undefined): Grant | undefined {
  if (verified === undefined) {
    refuse(res, 401, challenge(endpoint, { scope: BASE_SCOPE }), 'invalid_request', 'Authorization required');
    return undefined;
  }
  if (verified.ok) return verified.grant;
  refuse(res, 401, challenge(endpoint, { error: 'invalid_token', error_description: verified.reason, scope: BASE_SCOPE }), 'invalid_token', verified.reason);
  return undefined;
}

export function bearerAuth(options: BearerAuthOptions = {}): SyncHttpAuth {
  const secret = options.secret ?? DEV_AUTH_SECRET;
  const owners = new WeakMap<LegacySession, string>();
  return {
    serveMetadata(req, res, endpoint) {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== new URL(metadataUrl(endpoint)).pathname) return false;
      const document = metadataDocument(endpoint, options.issuer);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(document));
      return true;
    },
    authenticate(req, res, endpoint) {
      const token = bearerTokenOf(req);
      return judgeToken(res, endpoint, token === undefined ? undefined : verifyToken(token, endpoint, secret));
    },
    authorize(grant, message, res, endpoint) {
      const needed = scopesNeeded(message);
      if (needed.every((scope) => grant.scopes.has(scope))) return true;
      // One challenge names every scope the operation needs, granted ones included (the spec's recommended approach).
      const description = `${String(message.method)} needs ${needed.join(' ')}`;
      refuse(
        res,
        403,
        challenge(endpoint, { error: 'insufficient_scope', scope: needed.join(' '), error_description: description }),
        'insufficient_scope',
        description,
      );
      return false;
    },
    ownsSession(grant, session, res) {
      const owner = owners.get(session);
      if (owner === undefined) owners.set(session, grant.subject);
      if (owner === undefined || owner === grant.subject) return true;
      res
        .writeHead(404, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Session not found' } }));
      return false;
    },
  };
}
