/**
 * A server on a loopback address is reachable by every web page the user opens (through the
 * browser) and every local process. Three weaknesses make that an attack: answering with no token
 * and no Origin check (SEC-OPEN-LOCAL-ENDPOINT; http.foreign-origin-403 judges the Origin rule
 * alone), serving a foreign Host header, which DNS rebinding sends (SEC-HOST-UNCHECKED), and
 * listening on every interface rather than loopback (HTTP-24, read from /proc/net/tcp*
 * on Linux, never by dialling another address). Each probe is the request a correct client sends
 * with one thing changed.
 */
import { MCPVET_CLIENT_INFO } from '../../../client/base-client.js';
import type { JsonObject } from '../../../protocol/jsonrpc.js';
import { curlFor } from '../../curl.js';
import { defineCheck, incomplete, pass, skip, violation } from '../../define.js';
import type { CheckContext, Finding } from '../../types.js';
import { modernEnvelope } from '../../probes/http/probe.js';
import { listeningOn } from '../../probes/security/listen-address.js';
import { rawPost } from '../../probes/security/raw-post.js';

const FOREIGN_ORIGIN = 'https://mcpvet-foreign-origin.example';
const FOREIGN_HOST = 'attacker.example';
const BASE_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

export default defineCheck({
  id: 'security.local-exposure',
  title: 'A loopback endpoint is closed to web pages and DNS rebinding, and bound to loopback only',
  suite: 'security',
  requirements: ['SEC-OPEN-LOCAL-ENDPOINT', 'SEC-HOST-UNCHECKED', 'HTTP-24'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#security',
  async run(ctx) {
    if (ctx.target.transport !== 'http') return skip('applies to HTTP targets');
    const endpoint = ctx.target.url;
    const url = new URL(endpoint);
    if (!isLoopback(url.hostname))
      return skip(`the endpoint is not on a loopback address (${url.hostname}): local exposure applies to servers running on this machine`);
    const first = request(ctx);
    const given = Object.fromEntries(Object.entries(ctx.target.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    const send = (headers: Record<string, string>) => rawPost(endpoint, headers, first.body, ctx.timeoutMs);
    const plain = await send({ ...BASE_HEADERS, ...given, ...first.headers });
    if (!plain.served)
      return incomplete(
        'probe-refused',
        `the probe's own ${first.method}, as a client sends it, was not served (${plain.failure ?? `HTTP ${plain.status}`}): nothing to compare with`,
      );

    const findings: Finding[] = [];
    const checked: string[] = [];
    const { authorization: _token, cookie: _cookie, ...withoutCredentials } = given;
    const openHeaders = { ...BASE_HEADERS, ...withoutCredentials, ...first.headers, origin: FOREIGN_ORIGIN };
    const open = await send(openHeaders);
    if (open.served) {
      findings.push({
        ...violation(
          'open-to-local-pages',
          `${first.method} with no Authorization header and Origin: ${FOREIGN_ORIGIN} was served (HTTP ${open.status}): any web page the user opens, and any local process, can call this server; ask for a token, or refuse foreign Origins`,
          [evidence(ctx, openHeaders, first.body)],
          { method: first.method },
        ),
        requirement: 'SEC-OPEN-LOCAL-ENDPOINT',
      });
    } else checked.push(`a request with no token and a foreign Origin was refused (${open.failure ?? `HTTP ${open.status}`})`);

    const hostHeaders = { ...BASE_HEADERS, ...given, ...first.headers, host: FOREIGN_HOST };
    const host = await send(hostHeaders);
    if (host.served) {
      findings.push({
        ...violation(
          'foreign-host-accepted',
          `${first.method} with Host: ${FOREIGN_HOST} was served (HTTP ${host.status}): a page whose domain rebinds its DNS to 127.0.0.1 reaches this server (DNS rebinding); serve only the Host names the server is reached by (127.0.0.1:${portOf(url)}, localhost:${portOf(url)})`,
          [evidence(ctx, hostHeaders, first.body)],
          { method: first.method },
        ),
        requirement: 'SEC-HOST-UNCHECKED',
      });
    } else checked.push(`Host: ${FOREIGN_HOST} was refused (${host.failure ?? `HTTP ${host.status}`})`);

    const listening = listeningOn(portOf(url));
    if (listening?.allInterfaces) {
      findings.push({
        ...violation(
          'bound-to-all-interfaces',
          `port ${portOf(url)} listens on ${listening.addresses.join(', ')} (/proc/net/tcp): every interface, so other machines on the network reach the server too; when running locally, bind only to 127.0.0.1`,
          undefined,
          { method: first.method },
        ),
        requirement: 'HTTP-24',
      });
    } else if (listening) checked.push(`port ${portOf(url)} listens on ${listening.addresses.join(', ')} only`);
    else checked.push(`the listening address was not read (no /proc/net/tcp entry for port ${portOf(url)} in this network namespace)`);

    return findings.length > 0 ? findings : pass(checked.join('; '));
  },
});

/** The era's first request: server/discover (modern) or initialize (legacy, which opens a session). */
function request(ctx: CheckContext): { method: string; body: string; headers: Record<string, string> } {
  const id = 'mcpvet-local-exposure';
  if (ctx.era === 'modern') {
    const envelope = modernEnvelope(ctx.client, 'server/discover');
    return {
      method: 'server/discover',
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'server/discover', params: envelope.params }),
      headers: envelope.headers,
    };
  }
  const params: JsonObject = { protocolVersion: ctx.client.protocolVersion, capabilities: {}, clientInfo: MCPVET_CLIENT_INFO };
  return { method: 'initialize', body: JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params }), headers: {} };
}

/** A curl command for the probe (credentials redacted by curlFor). */
function evidence(ctx: CheckContext, headers: Record<string, string>, body: string) {
  const url = ctx.target.transport === 'http' ? ctx.target.url : '';
  return { curl: curlFor({ seq: 0, time: 0, direction: 'send', kind: 'message', raw: body, http: { exchange: 0, method: 'POST', url, headers } }) };
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1';
}

const portOf = (url: URL): number => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);
