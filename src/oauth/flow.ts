/**
 * The login (authorization code with PKCE S256 and RFC 8707 `resource`, through oauth4webapi) and
 * the refresh of a stored token. Client registration, in the spec's priority: a pre-registered
 * `--client-id` (an https URL there is a client ID metadata document, which the AS fetches), then
 * a client registered before with the same issuer and redirect URI, then dynamic registration
 * (RFC 7591, `application_type: native`), else the user is told to give --client-id.
 */
import * as oauth from 'oauth4webapi';
import { openBrowser } from './browser.js';
import { startCallbackServer } from './callback.js';
import { discover, probeChallenge } from './discovery.js';
import { OAuthFailure, describeOAuthError } from './errors.js';
import { DEFAULT_OAUTH_TIMEOUT_MS, httpOptions } from './http-options.js';
import { loadAuth, resourceKey, saveAuth, type StoredAuth } from './store.js';

export interface LoginOptions {
  url: string;
  clientId?: string;
  /** Space-separated; else the challenge's scope, else the PRM's scopes_supported. */
  scope?: string;
  /** Add these to the scopes held now (step-up: the union of the old and the challenged ones). */
  addScope?: string;
  callbackPort: number;
  browser: boolean;
  /** How long to wait for the browser to come back. */
  waitMs: number;
  timeoutMs?: number;
  /** Lines for the user (stderr). */
  say(line: string): void;
}

const splitScopes = (scope: string | undefined) => (scope ?? '').split(' ').filter(Boolean);
const union = (...scopes: (string | undefined)[]) => [...new Set(scopes.flatMap(splitScopes))].join(' ');

export async function login(options: LoginOptions): Promise<StoredAuth> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_OAUTH_TIMEOUT_MS;
  const key = resourceKey(options.url);
  const previous = loadAuth(key);
  const challenge = await probeChallenge(options.url, timeoutMs);
  const found = await discover(options.url, timeoutMs, challenge);
  const as = found.as;
  let scope = options.scope?.trim() || found.challengeScope || found.scopesSupported?.join(' ') || '';
  if (options.addScope) scope = union(previous?.scope, scope, options.addScope);

  const callback = await startCallbackServer(options.callbackPort);
  try {
    const redirectUri = callback.redirectUri;
    const { client, clientSecret } = await registerClient(as, options.clientId, previous, redirectUri, timeoutMs);
    const clientAuth = clientSecret ? oauth.ClientSecretPost(clientSecret) : oauth.None();

    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authorizationUrl = new URL(as.authorization_endpoint as string);
    const params: Record<string, string> = {
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: redirectUri,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      resource: found.resource,
    };
    if (scope) params.scope = scope;
    for (const [name, value] of Object.entries(params)) authorizationUrl.searchParams.set(name, value);

    options.say(`Open this URL in a browser to authorize mcpvet for ${key}${scope ? ` (scope: ${scope})` : ''}:`);
    options.say(`  ${authorizationUrl.href}`);
    if (options.browser && openBrowser(authorizationUrl.href)) options.say('(a browser was asked to open it)');
    options.say(`Waiting for the authorization response on ${redirectUri} (up to ${Math.round(options.waitMs / 1000)} s)...`);

    const returned = await callback.wait(options.waitMs, state);
    let callbackParams: URLSearchParams;
    try {
      // State and, when the AS advertises it, iss (RFC 9207), compared exactly.
      callbackParams = oauth.validateAuthResponse(as, client, returned, state);
    } catch (error) {
      callback.finish(false, 'mcpvet could not accept this authorization response. See the terminal.');
      throw new OAuthFailure(`the authorization response was not accepted: ${describeOAuthError(error)}`);
    }
    const tokens = await exchange(as, client, clientAuth, callbackParams, redirectUri, verifier, found.resource, timeoutMs).catch((error) => {
      callback.finish(false, 'mcpvet could not obtain a token. See the terminal.');
      throw error;
    });
    callback.finish(true, 'mcpvet is authorized. You may close this page.');
    const now = Date.now();
    const entry: StoredAuth = {
      resource: key,
      resourceIndicator: found.resource,
      issuer: as.issuer,
      tokenEndpoint: as.token_endpoint as string,
      revocationEndpoint: typeof as.revocation_endpoint === 'string' && /^https?:\/\//i.test(as.revocation_endpoint) ? as.revocation_endpoint : undefined,
      clientId: client.client_id,
      clientSecret,
      redirectUri,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      scope: tokens.scope ?? scope,
      expiresAt: typeof tokens.expires_in === 'number' ? now + tokens.expires_in * 1000 : undefined,
      obtainedAt: now,
    };
    saveAuth(entry);
    return entry;
  } finally {
    await callback.close();
  }
}

async function registerClient(
  as: oauth.AuthorizationServer,
  clientId: string | undefined,
  previous: StoredAuth | undefined,
  redirectUri: string,
  timeoutMs: number,
): Promise<{ client: oauth.Client; clientSecret?: string }> {
  if (clientId) return { client: { client_id: clientId, token_endpoint_auth_method: 'none' } };
  // Credentials are bound to the issuer that issued them, and to the redirect URI they were registered with.
  if (previous && previous.issuer === as.issuer && previous.redirectUri === redirectUri) {
    return {
      client: { client_id: previous.clientId, token_endpoint_auth_method: previous.clientSecret ? 'client_secret_post' : 'none' },
      clientSecret: previous.clientSecret,
    };
  }
  if (!as.registration_endpoint) {
    throw new OAuthFailure(
      `the authorization server ${as.issuer} offers no dynamic client registration; give a pre-registered client with --client-id`,
      'usage',
    );
  }
  try {
    const response = await oauth.dynamicClientRegistrationRequest(
      as,
      {
        client_name: 'mcpvet',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        application_type: 'native',
      },
      httpOptions(as.registration_endpoint, timeoutMs),
    );
    const registered = await oauth.processDynamicClientRegistrationResponse(response);
    const secret = typeof registered.client_secret === 'string' ? registered.client_secret : undefined;
    return { client: { client_id: registered.client_id, token_endpoint_auth_method: secret ? 'client_secret_post' : 'none' }, clientSecret: secret };
  } catch (error) {
    throw new OAuthFailure(`dynamic client registration at ${as.registration_endpoint} failed: ${describeOAuthError(error)}`);
  }
}

async function exchange(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  clientAuth: oauth.ClientAuth,
  params: URLSearchParams,
  redirectUri: string,
  verifier: string,
  resource: string,
  timeoutMs: number,
): Promise<oauth.TokenEndpointResponse> {
  try {
    const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, redirectUri, verifier, {
      ...httpOptions(as.token_endpoint as string, timeoutMs),
      additionalParameters: { resource },
    });
    return await oauth.processAuthorizationCodeResponse(as, client, response);
  } catch (error) {
    throw new OAuthFailure(`the token request failed: ${describeOAuthError(error)}`);
  }
}

/** A new access token from the stored refresh token; the store is updated (a rotated refresh token kept). */
export async function refresh(entry: StoredAuth, timeoutMs = DEFAULT_OAUTH_TIMEOUT_MS): Promise<StoredAuth> {
  if (!entry.refreshToken) throw new OAuthFailure('the stored token expired and there is no refresh token');
  const as: oauth.AuthorizationServer = { issuer: entry.issuer, token_endpoint: entry.tokenEndpoint };
  const client: oauth.Client = { client_id: entry.clientId, token_endpoint_auth_method: entry.clientSecret ? 'client_secret_post' : 'none' };
  const clientAuth = entry.clientSecret ? oauth.ClientSecretPost(entry.clientSecret) : oauth.None();
  let tokens: oauth.TokenEndpointResponse;
  try {
    const response = await oauth.refreshTokenGrantRequest(as, client, clientAuth, entry.refreshToken, {
      ...httpOptions(entry.tokenEndpoint, timeoutMs),
      additionalParameters: { resource: entry.resourceIndicator },
    });
    tokens = await oauth.processRefreshTokenResponse(as, client, response);
  } catch (error) {
    throw new OAuthFailure(`the refresh of the stored token failed: ${describeOAuthError(error)}`);
  }
  const now = Date.now();
  const updated: StoredAuth = {
    ...entry,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? entry.refreshToken,
    scope: tokens.scope ?? entry.scope,
    expiresAt: typeof tokens.expires_in === 'number' ? now + tokens.expires_in * 1000 : undefined,
    obtainedAt: now,
  };
  saveAuth(updated);
  return updated;
}

/**
 * Revokes the refresh token, then the access token, at the issuer (RFC 7009), best effort: the
 * caller forgets them either way. Returns what went wrong, if anything.
 */
export async function revoke(entry: StoredAuth, timeoutMs = DEFAULT_OAUTH_TIMEOUT_MS): Promise<string | undefined> {
  if (!entry.revocationEndpoint) return 'the authorization server has no revocation endpoint';
  const as: oauth.AuthorizationServer = { issuer: entry.issuer, revocation_endpoint: entry.revocationEndpoint };
  const client: oauth.Client = { client_id: entry.clientId, token_endpoint_auth_method: entry.clientSecret ? 'client_secret_post' : 'none' };
  const clientAuth = entry.clientSecret ? oauth.ClientSecretPost(entry.clientSecret) : oauth.None();
  try {
    for (const [token, hint] of [
      [entry.refreshToken, 'refresh_token'],
      [entry.accessToken, 'access_token'],
    ] as const) {
      if (!token) continue;
      const response = await oauth.revocationRequest(as, client, clientAuth, token, {
        ...httpOptions(entry.revocationEndpoint, timeoutMs),
        additionalParameters: { token_type_hint: hint },
      });
      await oauth.processRevocationResponse(response);
    }
    return undefined;
  } catch (error) {
    return describeOAuthError(error);
  }
}
