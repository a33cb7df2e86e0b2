/**
 * Options of every oauth4webapi request: a timeout, and plain http only toward a loopback
 * authorization server (a test or development one); anywhere else the spec requires HTTPS.
 */
import * as oauth from 'oauth4webapi';
import { isLoopbackHost } from '../wire/loopback.js';
import { DEFAULT_OAUTH_TIMEOUT_MS } from './defaults.js';
import { OAuthFailure } from './errors.js';

export { DEFAULT_OAUTH_TIMEOUT_MS };

export function httpOptions(url: string, timeoutMs = DEFAULT_OAUTH_TIMEOUT_MS): { signal: AbortSignal; [oauth.allowInsecureRequests]?: boolean } {
  const parsed = new URL(url);
  const signal = AbortSignal.timeout(timeoutMs);
  if (parsed.protocol === 'https:') return { signal };
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return { signal, [oauth.allowInsecureRequests]: true };
  throw new OAuthFailure(`the authorization server endpoint ${parsed.origin} is not HTTPS; mcpvet accepts plain http only on loopback (127.0.0.1, localhost)`);
}
