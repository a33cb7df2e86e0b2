/**
 * Requests of the auth suite: the same harmless request a correct client would send, with a
 * credential the check picks (none, a given bearer token, or a token in the query string), on a
 * channel of its own so nothing the target carries rides along: a second credential (an API key
 * header) would make a refused token look accepted. The frames go to a trace of their own, kept
 * as evidence: an OAuth error body or a metadata document is not an MCP message of the run.
 */
import { MCPVET_CLIENT_INFO, toOutcome } from '../../../client/base-client.js';
import type { RpcOutcome } from '../../../client/types.js';
import { HttpChannel } from '../../../protocol/http-channel.js';
import { TransportError } from '../../../protocol/transport-error.js';
import type { JsonObject } from '../../../protocol/jsonrpc.js';
import { Trace } from '../../../wire/trace.js';
import { curlFor } from '../../curl.js';
import type { CheckContext, Evidence, NotJudged } from '../../types.js';
import { modernEnvelope } from '../http/probe.js';
import { bearerChallenge, type BearerChallenge } from './challenge.js';

export type Credential = { kind: 'none' } | { kind: 'bearer'; token: string } | { kind: 'query'; token: string };

export interface AuthAnswer {
  outcome?: RpcOutcome;
  /** Set when the server did not answer. */
  failure?: string;
  status?: number;
  challenge?: BearerChallenge;
  /** What was sent, in words (for messages). */
  label: string;
  evidence: Evidence[];
}

/** The whole of a private trace as evidence, with a curl command for its first request. */
export function traceEvidence(trace: Trace): Evidence[] {
  const frames = trace.range(0, trace.length - 1);
  const request = frames.find((frame) => frame.direction === 'send' && frame.http);
  return frames.length ? [{ frames, curl: request ? curlFor(request) : undefined }] : [];
}

let counter = 0;

/**
 * Modern: tools/list (server/discover when no tools are declared). Legacy: a fresh `initialize`,
 * which needs no session, so the probe never depends on the run's own session.
 */
function probeMessage(ctx: CheckContext): { message: JsonObject; headers: Record<string, string> } {
  const id = `mcpvet-auth-${++counter}`;
  if (ctx.era === 'legacy') {
    const params = { protocolVersion: ctx.client.protocolVersion, capabilities: {}, clientInfo: MCPVET_CLIENT_INFO };
    return { message: { jsonrpc: '2.0', id, method: 'initialize', params }, headers: {} };
  }
  const method = 'tools' in ctx.client.serverCapabilities ? 'tools/list' : 'server/discover';
  const envelope = modernEnvelope(ctx.client, method);
  return { message: { jsonrpc: '2.0', id, method, params: envelope.params }, headers: envelope.headers };
}

export async function sendAs(
  ctx: CheckContext,
  credential: Credential,
  request?: { message: JsonObject; headers: Record<string, string> },
): Promise<AuthAnswer> {
  if (ctx.target.transport !== 'http') throw new Error('the auth suite runs over HTTP only');
  const { message, headers } = request ?? probeMessage(ctx);
  let url = ctx.target.url;
  const sent: Record<string, string> = { ...headers };
  if (credential.kind === 'bearer') sent.authorization = `Bearer ${credential.token}`;
  if (credential.kind === 'query') {
    const withQuery = new URL(url);
    withQuery.searchParams.set('access_token', credential.token);
    url = withQuery.toString();
  }
  const label = `${String(message.method)} ${credential.kind === 'none' ? 'without credentials' : credential.kind === 'query' ? 'with the token in the query string (access_token=) and no Authorization header' : 'with that token'}`;
  const trace = new Trace();
  const channel = new HttpChannel({ transport: 'http', url, headers: {} }, trace);
  try {
    const reply = await channel.send(message, { timeoutMs: ctx.timeoutMs, headers: sent });
    const outcome = toOutcome(message.id as string, reply);
    const status = outcome.http?.status;
    return { outcome, status, challenge: bearerChallenge(outcome.http?.headers['www-authenticate']), label, evidence: traceEvidence(trace) };
  } catch (error) {
    if (error instanceof TransportError) return { failure: error.message, label, evidence: traceEvidence(trace) };
    throw error;
  } finally {
    await channel.close();
  }
}

/** Status and challenge in words. */
export function describeAuthAnswer(answer: AuthAnswer): string {
  if (answer.failure) return `no answer (${answer.failure})`;
  const challenge = answer.outcome?.http?.headers['www-authenticate'];
  return `HTTP ${answer.status}${challenge ? ` with WWW-Authenticate: ${challenge}` : ' without WWW-Authenticate'}`;
}

export const accepted = (answer: AuthAnswer): boolean => answer.status !== undefined && answer.status >= 200 && answer.status < 300;

/**
 * The suite applies to a protected server: the run carries credentials (--header) and a request
 * without them is not served. Returns that request's answer, or why the checks do not apply.
 */
export async function unauthenticated(ctx: CheckContext): Promise<AuthAnswer | NotJudged> {
  if (ctx.target.transport !== 'http') return { skip: 'the auth suite applies to Streamable HTTP' };
  if (Object.keys(ctx.target.headers ?? {}).length === 0)
    return { skip: 'the run reached the server without credentials, so it is not protected (give them with --header to test a protected server)' };
  const answer = await sendAs(ctx, { kind: 'none' });
  if (accepted(answer)) return { skip: `${answer.label} got HTTP ${answer.status}: the server is not protected` };
  return answer;
}

export const isNotJudged = (value: AuthAnswer | NotJudged | unknown): value is NotJudged => typeof value === 'object' && value !== null && 'skip' in value;

/** A token flag the check needs and was not given: incomplete, naming the flag. */
export function needsToken(flag: string, what: string): NotJudged {
  return { skip: `no ${what} was given (pass one with ${flag})`, incomplete: 'no-token' };
}
