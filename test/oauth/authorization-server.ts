/**
 * A real authorization server for the OAuth tests: oidc-provider (OpenID certified) on 127.0.0.1,
 * in the test process. Resource indicators are on, so an access token is a JWT whose audience is
 * the MCP endpoint asked for with `resource`; the notes scopes are the resource's. Dynamic
 * registration is open and one client is pre-registered. The login and consent pages are
 * oidc-provider's development interactions, which `scriptedBrowser` fills in as a person would.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const NOTES_SCOPES = 'notes:read notes:write notes:export notes';

export interface AuthServer {
  issuer: string;
  /** Lifetime in seconds of the access tokens issued from now on. */
  setAccessTokenTtl(seconds: number): void;
  /** Which grant types reached the token endpoint, in order (authorization_code, refresh_token). */
  tokenRequests: string[];
  /** How many clients registered dynamically so far. */
  readonly registrations: number;
  close(): Promise<void>;
}

export async function startAuthServer(options: { preRegistered?: { clientId: string; redirectUri: string } } = {}): Promise<AuthServer> {
  let accessTokenTtl = 3600;
  const tokenRequests: string[] = [];
  const http: Server = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: options.preRegistered
      ? [
          {
            client_id: options.preRegistered.clientId,
            token_endpoint_auth_method: 'none',
            application_type: 'native',
            redirect_uris: [options.preRegistered.redirectUri],
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
          },
        ]
      : [],
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx, _client, oneOf) => oneOf,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resourceIndicator) => ({
          scope: NOTES_SCOPES,
          audience: resourceIndicator,
          accessTokenTTL: accessTokenTtl,
          accessTokenFormat: 'jwt',
        }),
      },
    },
    // A public native client gets refresh tokens (rotated) without asking for offline_access.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    cookies: { keys: ['mcpvet-oauth-test-cookie-key'] },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
  });
  provider.on('grant.success', (ctx) => tokenRequests.push(String(ctx.oidc.params?.grant_type)));
  let registrations = 0;
  provider.on('registration_create.success', () => registrations++);
  const callback = provider.callback();
  http.on('request', callback);
  return {
    issuer,
    setAccessTokenTtl(seconds) {
      accessTokenTtl = seconds;
    },
    tokenRequests,
    get registrations() {
      return registrations;
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}

export interface BrowserResult {
  /** The status and page the loopback callback answered the browser with. */
  status: number;
  page: string;
  /** Every URL the browser visited. */
  visited: string[];
}

/**
 * A person in a browser: follows redirects with a cookie jar, fills the login form (any login is
 * accepted by the development interactions) and submits the consent form, until it reaches the
 * loopback callback, whose answer it returns. Gives up after 25 steps.
 */
export async function scriptedBrowser(start: string, login = 'alice'): Promise<BrowserResult> {
  const cookies = new Map<string, string>();
  const visited: string[] = [];
  let url = start;
  let init: RequestInit = {};
  for (let step = 0; step < 25; step++) {
    visited.push(url);
    const headers = new Headers(init.headers);
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const equals = pair!.indexOf('=');
      cookies.set(pair!.slice(0, equals).trim(), pair!.slice(equals + 1).trim());
    }
    const body = await response.text();
    if (new URL(url).pathname === '/oauth/callback') return { status: response.status, page: body, visited };
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url).href;
      init = {};
      continue;
    }
    const form = /<form[^>]*action="([^"]+)"[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/i.exec(body);
    if (!form) throw new Error(`the browser is stuck at ${url} (HTTP ${response.status}): ${body.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const input of form[2]!.matchAll(/<input[^>]*>/gi)) {
      const name = /name="([^"]+)"/.exec(input[0])?.[1];
      if (!name) continue;
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
      fields.set(name, name === 'login' ? login : name === 'password' ? 'any password' : value);
    }
    url = new URL(form[1]!.replace(/&amp;/g, '&'), url).href;
    init = { method: 'POST', body: fields.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error(`the browser did not reach the callback in 25 steps: ${visited.join(' -> ')}`);
}
