/** MCP-Protocol-Version must equal _meta's protocolVersion; a mismatch gets 400 with -32020 (DIGEST §3). */
import { ErrorCode } from '../../../protocol/errors.js';
import { LATEST_LEGACY_VERSION } from '../../../protocol/versions.js';
import { defineCheck, pass, violation } from '../../define.js';
import { expectRejection, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { unanswered } from '../../probes/http/unanswered.js';

export default defineCheck({
  id: 'http.protocol-version-header-matches',
  title: 'An MCP-Protocol-Version header that disagrees with _meta gets 400 with -32020',
  suite: 'http',
  requirements: ['HTTP-07'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#required-request-headers',
  async run(ctx) {
    // A real revision, so only the disagreement (not an unknown version) can be the reason to refuse.
    const result = await sendProbe(ctx, { method: 'server/discover', headers: { 'mcp-protocol-version': LATEST_LEGACY_VERSION } });
    if (result.failure)
      return unanswered(
        ctx,
        `server/discover with MCP-Protocol-Version: ${LATEST_LEGACY_VERSION}`,
        result.failure,
        `the rule wants HTTP 400 with error ${ErrorCode.HeaderMismatch}`,
      );
    const problem = expectRejection(result, 400, ErrorCode.HeaderMismatch);
    if (!problem) return pass(`MCP-Protocol-Version: ${LATEST_LEGACY_VERSION} over a ${ctx.client.protocolVersion} body was refused with 400 and -32020`);
    return violation(
      'mismatch-accepted',
      `server/discover with _meta protocolVersion ${ctx.client.protocolVersion} but header MCP-Protocol-Version: ${LATEST_LEGACY_VERSION} ${problem} (HeaderMismatch)`,
      probeEvidence(ctx, result),
    );
  },
});
