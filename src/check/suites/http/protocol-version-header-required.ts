/**
 * A server that does not serve clients older than 2025-06-18 (which sent no MCP-Protocol-Version)
 * rejects a request without the header, as a validation failure: 400 with -32020 (DIGEST §3,
 * MUST). Whether it serves them is read from server/discover's supportedVersions: a server that
 * lists 2025-03-26 or 2024-11-05 may take a missing header as 2025-03-26, and is not judged.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { expectRejection, probeEvidence, sendProbe } from './probe.js';

const HEADER_SINCE = '2025-06-18';

export default defineCheck({
  id: 'http.protocol-version-header-required',
  title: 'A request without MCP-Protocol-Version gets 400 with -32020 (servers of 2025-06-18 and later only)',
  suite: 'http',
  requirements: ['HTTP-08'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#protocol-version-header',
  async run(ctx) {
    const supported = ctx.client.handshake?.supportedVersions;
    if (!Array.isArray(supported)) return skip('server/discover listed no supportedVersions, so whether the server serves pre-2025-06-18 clients is unknown');
    const older = supported.filter((version): version is string => typeof version === 'string' && version < HEADER_SINCE);
    if (older.length > 0) return skip(`the server serves ${older.join(', ')}, older than the header, so it may take a missing header as 2025-03-26`);
    const result = await sendProbe(ctx, { method: 'server/discover', headers: { 'mcp-protocol-version': null } });
    const problem = expectRejection(result, 400, ErrorCode.HeaderMismatch);
    if (!problem) return pass('server/discover without MCP-Protocol-Version was refused with 400 and -32020');
    return violation(result.outcome?.result ? 'missing-header-accepted' : 'wrong-rejection', `server/discover without MCP-Protocol-Version ${problem} (HeaderMismatch); the server serves only ${supported.join(', ')}, so it must reject a request without the header`, probeEvidence(ctx, result));
  },
});
