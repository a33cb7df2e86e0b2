/**
 * One probe for both missing-`_meta` checks: server/discover with every required key but one.
 * The rule (DIGEST §1): -32602, and HTTP 400 on Streamable HTTP. The MCP-Protocol-Version header
 * is still sent (it is required on every POST); with the key missing from `_meta` there is
 * nothing to compare it with, so -32020 would not be the answer the spec asks for.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { META } from '../../../protocol/meta.js';
import { pass, violation } from '../../define.js';
import type { CheckContext, Finding } from '../../types.js';
import { describeAnswer, errorOf, exchange, modernMeta, probeId, evidenceOf } from './probe.js';

export async function missingMetaKeyFinding(ctx: CheckContext, key: string): Promise<Finding> {
  // Over stdio the probe gets its own connection, opened in the modern era by a valid request:
  // a malformed message as the opening one could be taken for a legacy client's, and a server
  // that wrongly lets it change the connection's era must not spoil the shared connection
  // (stateless.malformed-message-keeps-era judges that).
  const client = ctx.transport === 'stdio' ? await ctx.openClient() : ctx.client;
  const message = { jsonrpc: '2.0', id: probeId('missing-meta'), method: 'server/discover', params: { _meta: modernMeta(client, {}, [key]) } };
  // Over HTTP the version header still carries the client's version (probeHeaders falls back to it).
  const answer = await exchange(client, message, { timeoutMs: ctx.timeoutMs });
  const evidence = [evidenceOf(answer)];
  const sent = `server/discover without _meta["${key}"]`;
  const error = errorOf(answer);
  if (error?.code !== ErrorCode.InvalidParams) {
    return violation(
      'not-32602',
      `${sent} got ${describeAnswer(answer)}; a request missing a required _meta key is malformed and must get error -32602`,
      evidence,
    );
  }
  if (answer.http && answer.http.status !== 400) {
    return violation('wrong-http-status', `${sent} got -32602 but HTTP ${answer.http.status}; the status must be 400 for a missing _meta key`, evidence);
  }
  return pass(`${sent} was rejected with -32602${answer.http ? ' and HTTP 400' : ''}`, evidence);
}

export const PROTOCOL_VERSION_KEY = META.protocolVersion;
export const CLIENT_CAPABILITIES_KEY = META.clientCapabilities;
