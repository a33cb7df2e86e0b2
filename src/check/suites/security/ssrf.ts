/**
 * Server-side request forgery and token passthrough. mcpvet starts its own canary listener on
 * 127.0.0.1 and calls each allowed tool that takes a URL or a host with the canary's address (a
 * path unique to the tool). A request arriving there means the server fetches loopback addresses
 * for its caller (SEC-SSRF). Over HTTP with a bearer token, a request that carries the run's own
 * Authorization value is token passthrough (AUTH-10, MUST NOT). What the probe cannot see: a
 * server that refuses loopback but fetches other internal addresses, a fetch made later than the
 * grace period, and passthrough to upstreams other than the address the caller names.
 */
import { randomBytes } from 'node:crypto';
import type { JsonObject, RpcOutcome } from '../../../client/types.js';
import { TransportError } from '../../../protocol/transport-error.js';
import { toolArguments } from '../../arguments/call.js';
import { defineCheck, incomplete, pass, skip, violation } from '../../define.js';
import type { CheckContext, Finding } from '../../types.js';
import { startCanaryServer, type CanaryRequest, type CanaryServer } from '../../probes/security/canary-server.js';
import { urlParameters, type UrlParameter } from '../../probes/security/url-parameters.js';

/** Tools probed per run, and how long a fetch may take to arrive after the tool answered. */
const MAX_TOOLS = 8;
const GRACE_MS = 600;
const NAMES_SHOWN = 10;
const PATH_PREFIX = '/mcpvet-ssrf/';

interface UrlTool {
  tool: Record<string, unknown>;
  name: string;
  params: UrlParameter[];
}

export default defineCheck({
  id: 'security.ssrf',
  title: 'Tools do not fetch loopback addresses for the caller, nor pass its token on',
  suite: 'security',
  requirements: ['SEC-SSRF', 'AUTH-10'],
  requires: ['tools'],
  spec: 'basic/security_best_practices',
  async run(ctx) {
    const takers: UrlTool[] = (await ctx.tools())
      .map((tool) => ({ tool, name: String(tool.name), params: urlParameters(tool.inputSchema) }))
      .filter((taker) => taker.params.length > 0);
    if (takers.length === 0) return skip('no listed tool takes a URL or a host (by parameter name, or format: uri)');
    const allowed = takers.filter((taker) => ctx.callPolicy(taker.tool).allowed);
    if (allowed.length === 0) {
      const names = takers.slice(0, NAMES_SHOWN).map((taker) => taker.name);
      return incomplete(
        'no-allowed-url-tool',
        `the tools that take a URL or a host may not be called (${names.join(', ')}${takers.length > names.length ? ', …' : ''}): pass --allow-call '${names[0]}' or list it in a --calls file`,
      );
    }
    const canary = await startCanaryServer();
    try {
      return await probe(ctx, canary, allowed.slice(0, MAX_TOOLS));
    } finally {
      await canary.close();
    }
  },
});

async function probe(ctx: CheckContext, canary: CanaryServer, tools: UrlTool[]): Promise<Finding[]> {
  const token = bearerOf(ctx);
  const findings: Finding[] = [];
  const quiet: string[] = [];
  let unanswered = 0;
  for (const [index, taker] of tools.entries()) {
    if (ctx.signal.aborted) break;
    const path = `${PATH_PREFIX}${index}-${randomBytes(6).toString('hex')}`;
    const args = await argumentsWithCanary(ctx, taker, canary, path);
    const before = canary.requests.length;
    let outcome: RpcOutcome | undefined;
    try {
      outcome = await ctx.client.callTool(taker.name, args);
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
    }
    // Sequential calls: a request to this tool's path, or (host parameters carry no path) one to no
    // tool's path arriving from now until the grace ends, is this tool's doing.
    const own = (request: CanaryRequest) =>
      request.path.startsWith(path) || (!request.path.startsWith(PATH_PREFIX) && canary.requests.indexOf(request) >= before);
    const hit = await canary.waitFor(own, GRACE_MS);
    const arrived = canary.requests.slice(before).filter(own);
    if (!hit || arrived.length === 0) {
      quiet.push(taker.name);
      if (!outcome) unanswered++;
      continue;
    }
    const evidence = [{ ...(outcome ? ctx.evidence(outcome.frames) : {}), note: describeArrivals(arrived) }];
    const params = taker.params.map((param) => `"${param.name}"`).join(', ');
    findings.push({
      ...violation(
        'fetches-loopback',
        `tools/call ${taker.name} made the server request ${canary.origin}${arrived[0]!.path.split('?')[0]}, the loopback address mcpvet gave it in ${params}: it fetches what its caller names, the host's own services included (SSRF); refuse loopback, private and link-local addresses, or allow only known hosts`,
        evidence,
        { tool: taker.name },
      ),
      requirement: 'SEC-SSRF',
    });
    if (token && arrived.some((request) => carriesToken(request, token))) {
      findings.push({
        ...violation(
          'token-passthrough',
          `tools/call ${taker.name}: the request the server made to ${canary.origin} carried the caller's own Authorization token; a server must never pass the token it was given on to another service`,
          evidence,
          { tool: taker.name },
        ),
        requirement: 'AUTH-10',
      });
    }
  }
  if (findings.length > 0) return findings;
  const tokenNote = token ? '; none forwarded the bearer token' : ctx.transport === 'http' ? ' (no bearer token given: passthrough not probed)' : '';
  const silent = unanswered > 0 ? ` (${unanswered} gave no answer)` : '';
  return [
    pass(
      `called ${quiet.length} tool(s) that take a URL or host with mcpvet's loopback canary (${quiet.slice(0, NAMES_SHOWN).join(', ')})${silent}; none fetched it${tokenNote}`,
    ),
  ];
}

/** The tool's usual arguments, with every URL and host parameter pointing at the canary. */
async function argumentsWithCanary(ctx: CheckContext, taker: UrlTool, canary: CanaryServer, path: string): Promise<JsonObject> {
  const chosen = await toolArguments(ctx, taker.tool);
  const args: JsonObject = { ...(chosen.candidates?.[0]?.args ?? {}) };
  for (const param of taker.params) args[param.name] = param.kind === 'url' ? `${canary.origin}${path}` : `127.0.0.1:${canary.port}`;
  return args;
}

/** The run's own bearer token (HTTP targets with an Authorization header); a secret, never shown. */
function bearerOf(ctx: CheckContext): string | undefined {
  if (ctx.target.transport !== 'http') return undefined;
  const header = Object.entries(ctx.target.headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  const token = header?.replace(/^bearer\s+/i, '').trim();
  return token && token.length >= 8 ? token : undefined;
}

/** The token anywhere in a request the server made (Authorization, another header, the query string). */
const carriesToken = (request: CanaryRequest, token: string): boolean =>
  request.path.includes(encodeURIComponent(token)) || Object.values(request.headers).some((value) => value.includes(token));

/** What reached the canary, by method, path and header names (values may be secrets). */
function describeArrivals(requests: CanaryRequest[]): string {
  return requests
    .slice(0, 5)
    .map((request) => `${request.method} ${request.path.split('?')[0]} (headers: ${Object.keys(request.headers).join(', ')})`)
    .join('\n');
}
