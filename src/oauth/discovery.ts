/**
 * How a client finds where to log in (the spec's authorization-server-discovery): the Protected
 * Resource Metadata (RFC 9728) from the `resource_metadata` of the server's 401 challenge, else
 * the well-known URIs (path-inserted first, then the root); then the first authorization server's
 * metadata, trying RFC 8414 and OIDC discovery in the spec's order, its `issuer` compared exactly
 * (oauth4webapi's processDiscoveryResponse). An authorization server without PKCE S256 is refused.
 */
import * as oauth from 'oauth4webapi';
import { bearerChallenge, type BearerChallenge } from '../check/probes/auth/challenge.js';
import { resourceMatches, wellKnownUrls } from '../check/probes/auth/metadata.js';
import { OAuthFailure, describeOAuthError } from './errors.js';
import { httpOptions } from './http-options.js';

export interface Discovered {
  /** The PRM's `resource`: what `resource=` carries (RFC 8707) and the tokens' audience. */
  resource: string;
  metadataUrl: string;
  /** The scope the 401 challenge named, if any. */
  challengeScope?: string;
  scopesSupported?: string[];
  as: oauth.AuthorizationServer;
}

const PROBE_BODY = JSON.stringify({ jsonrpc: '2.0', id: 'mcpvet-auth', method: 'server/discover', params: {} });

/** One unauthenticated request, to read the server's challenge (a server that does not refuse it has none). */
export async function probeChallenge(endpoint: string, timeoutMs: number): Promise<BearerChallenge | undefined> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: PROBE_BODY,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new OAuthFailure(`cannot reach ${endpoint}: ${describeOAuthError(error)}`, 'unreachable');
  }
  await response.body?.cancel().catch(() => {});
  if (response.status !== 401 && response.status !== 403) return undefined;
  return bearerChallenge(response.headers.get('www-authenticate') ?? undefined);
}

/** A metadata document is small: more than this from a server is refused, not held. */
const MAX_DOCUMENT_BYTES = 1024 * 1024;

/**
 * GET of a metadata document, redirects not followed, within the timeout and the size cap; the
 * answer is handed on as a Response (oauth4webapi reads one), or why it was not taken.
 */
async function metadataDocument(url: string, timeoutMs: number): Promise<Response | string> {
  // https, or plain http on loopback only: a document read in the clear could name any endpoint.
  const { signal } = httpOptions(url, timeoutMs);
  const response = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'manual', signal });
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => {});
    return `HTTP ${response.status}`;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    // Leaving the loop cancels the stream.
    if (size > MAX_DOCUMENT_BYTES) return `more than ${MAX_DOCUMENT_BYTES} bytes`;
    chunks.push(chunk);
  }
  return new Response(Buffer.concat(chunks), { status: 200, headers: response.headers });
}

export async function discover(endpoint: string, timeoutMs: number, challenge?: BearerChallenge): Promise<Discovered> {
  const named = challenge?.params.resource_metadata;
  const candidates = named !== undefined ? [named] : wellKnownUrls(endpoint);
  const tried: string[] = [];
  let prm: oauth.ResourceServer | undefined;
  let metadataUrl = '';
  for (const candidate of candidates) {
    if (!/^https?:\/\//i.test(candidate)) {
      tried.push(`${candidate} (not an http(s) URL)`);
      continue;
    }
    try {
      const response = await metadataDocument(candidate, timeoutMs);
      if (typeof response === 'string') {
        tried.push(`${candidate} (${response})`);
        continue;
      }
      const claimed = (await response
        .clone()
        .json()
        .catch(() => undefined)) as { resource?: unknown } | undefined;
      // RFC 9728 §3.3: a document for another resource is rejected (a path prefix of the endpoint counts, as in the TS SDK).
      if (!resourceMatches(claimed?.resource, endpoint)) {
        throw new OAuthFailure(`${candidate}: the metadata's resource ${JSON.stringify(claimed?.resource) ?? '(none)'} is not ${endpoint}; refused`);
      }
      prm = await oauth.processResourceDiscoveryResponse(new URL(claimed?.resource as string), response);
      metadataUrl = candidate;
      break;
    } catch (error) {
      if (error instanceof OAuthFailure) throw error;
      tried.push(`${candidate} (${describeOAuthError(error)})`);
    }
  }
  if (!prm) {
    const how = named !== undefined ? 'the resource_metadata URL of the 401 challenge' : 'the well-known URIs';
    throw new OAuthFailure(`no Protected Resource Metadata for ${endpoint}: ${how} gave ${tried.join('; ')}`);
  }
  const issuer = prm.authorization_servers?.find((server) => typeof server === 'string');
  if (!issuer) throw new OAuthFailure(`${metadataUrl} names no authorization_servers`);
  const as = await discoverAuthorizationServer(issuer, timeoutMs);
  if (!as.code_challenge_methods_supported?.includes('S256')) {
    throw new OAuthFailure(
      `the authorization server ${issuer} does not advertise PKCE S256 (code_challenge_methods_supported); mcpvet does not proceed without it`,
    );
  }
  if (!as.authorization_endpoint || !as.token_endpoint) throw new OAuthFailure(`the authorization server ${issuer} has no authorization or token endpoint`);
  for (const endpointUrl of [as.authorization_endpoint, as.token_endpoint]) {
    // Only http(s) URLs reach a browser (never javascript:, file:...), and plain http only on loopback.
    if (!/^https?:\/\//i.test(endpointUrl)) throw new OAuthFailure(`the authorization server ${issuer} names a non-http(s) endpoint; refused`);
    httpOptions(endpointUrl);
  }
  return {
    resource: prm.resource,
    metadataUrl,
    challengeScope: challenge?.params.scope?.trim() || undefined,
    scopesSupported: Array.isArray(prm.scopes_supported) ? prm.scopes_supported.filter((scope) => typeof scope === 'string') : undefined,
    as,
  };
}

/** The spec's order: RFC 8414 then OIDC, path-inserted forms first for an issuer with a path. */
export function authorizationServerMetadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  if (!path) return [`${url.origin}/.well-known/oauth-authorization-server`, `${url.origin}/.well-known/openid-configuration`];
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

export async function discoverAuthorizationServer(issuer: string, timeoutMs: number): Promise<oauth.AuthorizationServer> {
  let issuerUrl: URL;
  try {
    issuerUrl = new URL(issuer);
  } catch {
    throw new OAuthFailure(`the authorization server "${issuer}" is not a URL`);
  }
  const tried: string[] = [];
  for (const candidate of authorizationServerMetadataUrls(issuer)) {
    try {
      const response = await metadataDocument(candidate, timeoutMs);
      if (typeof response === 'string') {
        tried.push(`${candidate} (${response})`);
        continue;
      }
      // The issuer in the document must equal the one the URL was built from, exactly.
      return await oauth.processDiscoveryResponse(issuerUrl, response);
    } catch (error) {
      if (error instanceof OAuthFailure) throw error;
      tried.push(`${candidate} (${describeOAuthError(error)})`);
    }
  }
  throw new OAuthFailure(`no authorization server metadata for ${issuer}: ${tried.join('; ')}`);
}
