/**
 * What every mcpvet listener checks before a request reaches an upstream. A listener on 127.0.0.1
 * is still reachable from any web page the operator has open (a cross-site `text/plain` POST needs
 * no CORS preflight) and, through DNS rebinding, under a foreign host name; and what it forwards
 * carries the operator's credentials. So:
 *
 * - Host must name this listener: 127.0.0.1, localhost or [::1] with its own port (else 421).
 * - Origin, when present, must be this listener's own origin (else 403). Strict on purpose: a
 *   loopback origin on another port is another application (the Inspector and MCPJam CVEs were
 *   pages on localhost driving a local proxy), so it is refused too.
 * - The per-run token must be in the query (`?mcpvet_token=…`, part of the URL the command prints,
 *   so a client uses it unchanged) unless the listener runs without one (else 401). It is compared
 *   in constant time and removed from the path before anything is forwarded or recorded.
 * - A POST body must be `application/json` (else 415): browsers cannot send that cross-site
 *   without a preflight, which the Origin check refuses.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_PARAM = 'mcpvet_token';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export interface GuardedRequest {
  method: string;
  /** Path and query as the client sent them. */
  url: string;
  host: string | undefined;
  origin: string | undefined;
  contentType: string | undefined;
}

export type GuardVerdict = { ok: true; path: string } | { ok: false; status: number; message: string };

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export class ListenerGuard {
  private readonly hosts: Set<string>;
  private readonly origins: Set<string>;
  private readonly tokenDigest: Buffer | undefined;

  constructor(
    port: number,
    /** undefined: no token is required (`--no-auth-token`). */
    readonly token: string | undefined,
  ) {
    this.hosts = new Set(LOOPBACK_NAMES.map((name) => `${name}:${port}`));
    this.origins = new Set(LOOPBACK_NAMES.map((name) => `http://${name}:${port}`));
    this.tokenDigest = token === undefined ? undefined : digest(token);
  }

  check(request: GuardedRequest): GuardVerdict {
    const host = request.host?.toLowerCase();
    if (host === undefined || !this.hosts.has(host))
      return reject(421, `Host ${quote(request.host)} is not this listener (use 127.0.0.1, localhost or [::1] with its port)`);
    if (request.origin !== undefined && !this.origins.has(request.origin.toLowerCase()))
      return reject(403, `Origin ${quote(request.origin)} is not allowed (only this listener's own origin is)`);
    const { path, tokens } = splitToken(request.url);
    if (this.tokenDigest && !(tokens.length === 1 && timingSafeEqual(digest(tokens[0] as string), this.tokenDigest))) {
      return reject(
        401,
        tokens.length === 0 ? `the URL lacks ?${TOKEN_PARAM}=… (use the URL mcpvet printed)` : `wrong ${TOKEN_PARAM} (use the URL mcpvet printed)`,
      );
    }
    if (request.method === 'POST' && !isJson(request.contentType))
      return reject(415, `a POST body must be application/json, not ${quote(request.contentType)}`);
    return { ok: true, path };
  }
}

/** The path without the token parameter (every other parameter kept as it was written), and the token values found. */
export function splitToken(url: string): { path: string; tokens: string[] } {
  const hash = url.indexOf('#');
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const question = withoutHash.indexOf('?');
  if (question === -1) return { path: withoutHash, tokens: [] };
  const tokens: string[] = [];
  const kept = withoutHash
    .slice(question + 1)
    .split('&')
    .filter((part) => {
      const equals = part.indexOf('=');
      if (safeDecode(equals === -1 ? part : part.slice(0, equals)) !== TOKEN_PARAM) return true;
      tokens.push(equals === -1 ? '' : safeDecode(part.slice(equals + 1)));
      return false;
    });
  const pathname = withoutHash.slice(0, question);
  return { path: kept.length > 0 ? `${pathname}?${kept.join('&')}` : pathname, tokens };
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

// Equal-length digests, so the comparison time says nothing about the token's length or prefix.
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function quote(value: string | undefined): string {
  if (value === undefined) return '(none)';
  const printable = value.replace(/[^\x20-\x7e]/g, '?');
  return JSON.stringify(printable.length > 100 ? `${printable.slice(0, 100)}…` : printable);
}

function reject(status: number, why: string): GuardVerdict {
  return { ok: false, status, message: `mcpvet: refused: ${why}` };
}
