/**
 * Legacy Streamable HTTP from 2025-06-18 on: every request after initialize carries
 * MCP-Protocol-Version, and an invalid or unsupported value gets 400 (MUST). (A missing header
 * may be taken as 2025-03-26, so only an invalid one is probed.)
 */
import { TransportError } from '../../../protocol/transport-error.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { unanswered } from '../../probes/http/unanswered.js';

const INVALID_VERSION = '1900-01-01';

export default defineCheck({
  id: 'http.legacy-protocol-version-header',
  title: 'After initialize, an invalid MCP-Protocol-Version gets 400',
  suite: 'http',
  requirements: ['LHTTP-10'],
  eras: ['legacy'],
  transports: ['http'],
  spec: '2025-11-25/basic/transports#protocol-version-header',
  async run(ctx) {
    if (ctx.client.protocolVersion < '2025-06-18')
      return skip(`the session speaks ${ctx.client.protocolVersion}, before the header was introduced (2025-06-18)`);
    let outcome;
    try {
      outcome = await ctx.client.raw({ jsonrpc: '2.0', id: 'mcpvet-bad-version', method: 'ping' }, { headers: { 'mcp-protocol-version': INVALID_VERSION } });
    } catch (error) {
      if (error instanceof TransportError)
        return unanswered(
          ctx,
          `a ping with MCP-Protocol-Version: ${INVALID_VERSION}`,
          error.message,
          'an invalid or unsupported version header must get 400 Bad Request',
        );
      throw error;
    }
    const status = outcome?.http?.status;
    const evidence = outcome ? [ctx.evidence(outcome.frames)] : [];
    if (status === 400) return pass(`MCP-Protocol-Version: ${INVALID_VERSION} on a ${ctx.client.protocolVersion} session got 400`);
    return violation(
      'invalid-version-accepted',
      `a ping in a ${ctx.client.protocolVersion} session with MCP-Protocol-Version: ${INVALID_VERSION} got HTTP ${status ?? 'nothing'}; an invalid or unsupported version header must get 400 Bad Request`,
      evidence,
    );
  },
});
