/**
 * A server that does not serve clients older than 2025-06-18 (which sent no MCP-Protocol-Version)
 * rejects a request without the header, as a validation failure: 400 with -32020 (DIGEST §3,
 * MUST). The spec's condition is which clients the server supports, not what it lists: "A server
 * that supports clients implementing protocol versions earlier than 2025-06-18 ... MAY treat a
 * request that omits the header as protocol version 2025-03-26. A server that does not support
 * such clients MUST reject" (streamable-http#protocol-version-header). So the server is not judged
 * when server/discover lists 2025-03-26 or 2024-11-05, nor when it negotiates such a version with
 * an `initialize` offering 2025-03-26 (a dual-era server may list only its modern versions in
 * discover: context7 on the TS SDK v2 does). Both SDKs now refuse a modern request without the
 * header whatever they support, but for those servers the spec writes no keyword, so nothing is
 * reported.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { expectRejection, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { unanswered } from '../../probes/http/unanswered.js';
import { HEADER_SINCE, OLD_CLIENT_VERSION, versionForOldClient } from '../../probes/http/serves-pre-header-clients.js';

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
    const negotiated = await versionForOldClient(ctx);
    if (negotiated !== undefined && negotiated < HEADER_SINCE) {
      return skip(
        `an initialize offering ${OLD_CLIENT_VERSION} negotiated ${negotiated}: the server serves clients older than the header (though discover lists only ${supported.join(', ')}), so it may take a missing header as 2025-03-26`,
      );
    }
    const result = await sendProbe(ctx, { method: 'server/discover', headers: { 'mcp-protocol-version': null } });
    if (result.failure)
      return unanswered(ctx, 'server/discover without MCP-Protocol-Version', result.failure, `the rule wants HTTP 400 with error ${ErrorCode.HeaderMismatch}`);
    const problem = expectRejection(result, 400, ErrorCode.HeaderMismatch);
    if (!problem) return pass('server/discover without MCP-Protocol-Version was refused with 400 and -32020');
    const message = `server/discover without MCP-Protocol-Version ${problem} (HeaderMismatch); the server serves only ${supported.join(', ')} and refuses a ${OLD_CLIENT_VERSION} client, so it must reject a request without the header`;
    if (result.outcome?.result) return violation('missing-header-accepted', message, probeEvidence(ctx, result));
    return violation('wrong-rejection', message, probeEvidence(ctx, result));
  },
});
