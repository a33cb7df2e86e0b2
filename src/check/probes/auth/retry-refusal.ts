/**
 * Sends the operation the low-scope token was refused (the plain request, or tools/call of one
 * tool) again with another token, on a connection of its own: did the server now serve it, or
 * refuse it, with which status and challenge? Only an HTTP 401/403 counts as an auth refusal: a
 * JSON-RPC error or a tool error means authorization let the request through.
 */
import { TransportError } from '../../../protocol/transport-error.js';
import type { CheckContext, Evidence } from '../../types.js';
import { modernEnvelope } from '../http/probe.js';
import { sampleObject } from '../mrtr/sample-values.js';
import { accepted, sendAs } from './auth-probe.js';
import { bearerChallenge, type BearerChallenge } from './challenge.js';
import type { Refusal } from './scope-refusal.js';

export interface Retry {
  /** HTTP 401 or 403: authorization refused it again. */
  refused: boolean;
  status?: number;
  challenge?: BearerChallenge;
  label: string;
  evidence: Evidence[];
  /** Why nothing could be judged (no answer, the tool is gone). */
  failure?: string;
}

const authRefusal = (status: number | undefined): boolean => status === 401 || status === 403;

export async function retryRefusal(ctx: CheckContext, refusal: Refusal, token: string, tokenName: string): Promise<Retry> {
  if (ctx.target.transport !== 'http') throw new Error('the auth suite runs over HTTP only');
  if (refusal.tool === undefined) {
    const answer = await sendAs(ctx, { kind: 'bearer', token });
    const label = `${answer.label.replace('that token', tokenName)}`;
    if (answer.failure) return { refused: false, label, evidence: answer.evidence, failure: answer.failure };
    return { refused: !accepted(answer) && authRefusal(answer.status), status: answer.status, challenge: answer.challenge, label, evidence: answer.evidence };
  }
  const label = `tools/call ${refusal.tool} with ${tokenName}`;
  const tool = (await ctx.tools()).find((candidate) => candidate.name === refusal.tool);
  if (!tool) return { refused: false, label, evidence: [], failure: `${refusal.tool} is no longer listed` };
  const policy = ctx.callPolicy(tool);
  const args = (policy.allowed ? policy.args : undefined) ?? sampleObject(tool.inputSchema);
  try {
    const client = await ctx.openClient({
      target: { transport: 'http', url: ctx.target.url, headers: { authorization: `Bearer ${token}` } },
      ownVerdict: true,
    });
    const params = { name: refusal.tool, arguments: args };
    const outcome = await client.request('tools/call', params, { headers: modernEnvelope(client, 'tools/call', params, tool.inputSchema).headers });
    const status = outcome.http?.status;
    return {
      refused: authRefusal(status),
      status,
      challenge: bearerChallenge(outcome.http?.headers['www-authenticate']),
      label,
      evidence: [ctx.evidence(outcome.frames, client)],
    };
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    // The connection itself was refused (e.g. 401 on server/discover): the token is not valid here.
    return { refused: false, label, evidence: [], failure: error.message };
  }
}

/** The refusal's status and challenge in words. */
export function describeRetry(retry: Retry): string {
  if (retry.failure) return `no answer (${retry.failure})`;
  const params = retry.challenge?.params;
  return `HTTP ${retry.status ?? 'no status'}${params ? ` with Bearer ${JSON.stringify(params)}` : ''}`;
}
