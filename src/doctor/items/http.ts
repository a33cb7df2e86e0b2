/** HTTP: reachable, what a 401/403 asks for (WWW-Authenticate), and how the server treats Origin. */
import { bearerChallenge, scopesOf } from '../../check/probes/auth/challenge.js';
import { ModernClient } from '../../client/modern-client.js';
import type { RpcOutcome } from '../../client/types.js';
import { HttpChannel } from '../../protocol/http-channel.js';
import { TransportError } from '../../protocol/transport-error.js';
import { LATEST_MODERN_VERSION } from '../../protocol/versions.js';
import { type HttpTarget, redactUrl } from '../../wire/target.js';
import { Trace } from '../../wire/trace.js';
import { curlOf } from '../refusal.js';
import { type DoctorItem, item } from '../types.js';

const FOREIGN_ORIGIN = 'https://mcpvet-foreign-origin.example';

export interface HttpFindings {
  items: DoctorItem[];
  /** Reachable and not refused for authorization: the era items can run. */
  usable: boolean;
}

export async function httpItems(target: HttpTarget, timeoutMs: number): Promise<HttpFindings> {
  const trace = new Trace();
  const channel = new HttpChannel(target, trace);
  const client = new ModernClient(channel, target, { timeoutMs });
  client.protocolVersion = LATEST_MODERN_VERSION;
  const url = redactUrl(target.url);
  const discover = async (headers: Record<string, string> = {}): Promise<RpcOutcome | string> => {
    try {
      return await client.request('server/discover', {}, { timeoutMs, headers });
    } catch (error) {
      if (error instanceof TransportError) return error.message;
      throw error;
    }
  };
  try {
    const started = performance.now();
    const first = await discover();
    const ms = Math.round(performance.now() - started);
    if (typeof first === 'string') {
      return {
        usable: false,
        items: [
          item('http.reachable', 'the URL answers', 'fail', `${url} cannot be reached: ${first}`, {
            fix: 'check that the server is running, and the URL: scheme, host, port and path (often /mcp)',
          }),
          item('http.auth', 'authorization', 'skip', 'the server could not be reached'),
          item('http.origin', 'Origin handling', 'skip', 'the server could not be reached'),
        ],
      };
    }
    const status = first.http?.status ?? 0;
    const reachable = item('http.reachable', 'the URL answers', 'pass', `${url} answered server/discover with HTTP ${status} in ${ms} ms`);
    const auth = authItem(target, first, curlOf(trace, first));
    if (status === 401 || status === 403)
      return { usable: false, items: [reachable, auth, item('http.origin', 'Origin handling', 'skip', 'the server refused mcpvet for authorization')] };
    const foreign = await discover({ origin: FOREIGN_ORIGIN });
    const own = await discover({ origin: new URL(target.url).origin });
    return { usable: true, items: [reachable, auth, originItem(status, foreign, own, new URL(target.url).origin, trace)] };
  } finally {
    await channel.close();
  }
}

function authItem(target: HttpTarget, first: RpcOutcome, curl: string | undefined): DoctorItem {
  const status = first.http?.status;
  const title = 'authorization: what a 401/403 asks for';
  const sentToken = Object.keys(target.headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
  if (status !== 401 && status !== 403)
    return item(
      'http.auth',
      title,
      'pass',
      sentToken ? `the Authorization header given was accepted (HTTP ${status})` : `no authorization asked (HTTP ${status})`,
    );
  const header = first.http?.headers['www-authenticate'];
  const challenge = bearerChallenge(header);
  const params = challenge?.params ?? {};
  const asks: string[] = [];
  if (params.resource_metadata) asks.push(`resource_metadata=${params.resource_metadata}`);
  if (params.scope) asks.push(`scope="${params.scope}"`);
  if (params.error) asks.push(`error=${params.error}${params.error_description ? ` (${params.error_description})` : ''}`);
  const what = !header
    ? `HTTP ${status} without WWW-Authenticate, which names no way to get credentials`
    : !challenge
      ? `HTTP ${status}; WWW-Authenticate names no Bearer challenge (${header})`
      : `HTTP ${status}; WWW-Authenticate asks for a Bearer token with ${asks.length ? asks.join(', ') : 'neither resource_metadata nor scope'}`;
  const scopes = scopesOf(params.scope);
  const cause =
    status === 403
      ? params.error === 'insufficient_scope'
        ? `the access token given lacks the scope ${scopes.join(' ') || '(not named)'}`
        : 'the credentials given were refused (forbidden)'
      : sentToken
        ? 'the Authorization header given was refused'
        : 'the server requires authorization (mcpvet sent no credentials)';
  const where = params.resource_metadata ? `the authorization server that ${params.resource_metadata} names` : "the server's authorization server";
  const fix = `get an access token${scopes.length ? ` with scope "${scopes.join(' ')}"` : ''} from ${where}, and send it in the Authorization header (Bearer scheme): --header here, "headers" in a config entry`;
  // A 401 that names its resource metadata, to a request without credentials, is the spec's way to
  // ask for a login: a host that supports MCP authorization logs in and goes on. Only a host
  // without it fails, so it is a warning; refused credentials and an undiscoverable login fail.
  if (status === 401 && !sentToken && challenge && params.resource_metadata) {
    return item('http.auth', title, 'warn', `${what}: ${cause}; a host that supports MCP authorization will ask you to log in`, {
      curl,
      fix: `log in from the host, or for mcpvet run: mcpvet auth login --url ${redactUrl(target.url)}; or ${fix}`,
    });
  }
  return item('http.auth', title, 'fail', `${what}: ${cause}`, { curl, fix });
}

function originItem(baseline: number, foreign: RpcOutcome | string, own: RpcOutcome | string, ownOrigin: string, trace: Trace): DoctorItem {
  const title = "Origin: a foreign one refused (403), the server's own accepted";
  const statusOf = (answer: RpcOutcome | string) => (typeof answer === 'string' ? `no answer (${answer})` : `HTTP ${answer.http?.status}`);
  // Only pages the server itself serves send its own origin (local hosts send none, browser-based
  // ones their own), so refusing it rarely stops a host: a warning.
  if (typeof own !== 'string' && own.http?.status === 403 && baseline !== 403)
    return item(
      'http.origin',
      title,
      'warn',
      `a request with Origin: ${ownOrigin} (the server's own) got 403, without Origin ${baseline}: the server refuses its own origin`,
      {
        curl: curlOf(trace, own),
        fix: `allow the Origin ${ownOrigin} (and those of the browser-based hosts that use it) in the server's Origin check`,
      },
    );
  if (typeof foreign !== 'string' && foreign.http?.status === 403)
    return item('http.origin', title, 'pass', `Origin: ${FOREIGN_ORIGIN} got 403; Origin: ${ownOrigin} got ${statusOf(own)}`);
  return item(
    'http.origin',
    title,
    'warn',
    `Origin: ${FOREIGN_ORIGIN} got ${statusOf(foreign)}, not 403: a web page on another site could reach this server (DNS rebinding)`,
    {
      curl: typeof foreign === 'string' ? undefined : curlOf(trace, foreign),
      fix: 'refuse requests whose Origin header is present and not your own with HTTP 403',
    },
  );
}
