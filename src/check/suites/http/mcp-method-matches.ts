/** Mcp-Method must equal the body's method; a mismatch gets 400 with -32020 (DIGEST §3). */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, violation } from '../../define.js';
import { expectRejection, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { unanswered } from '../../probes/http/unanswered.js';

export default defineCheck({
  id: 'http.mcp-method-matches',
  title: 'An Mcp-Method header that disagrees with the body gets 400 with -32020',
  suite: 'http',
  requirements: ['HTTP-11'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#required-request-headers',
  async run(ctx) {
    const result = await sendProbe(ctx, { method: 'server/discover', headers: { 'mcp-method': 'tools/list' } });
    if (result.failure)
      return unanswered(
        ctx,
        'a server/discover body under Mcp-Method: tools/list',
        result.failure,
        `the rule wants HTTP 400 with error ${ErrorCode.HeaderMismatch}`,
      );
    const problem = expectRejection(result, 400, ErrorCode.HeaderMismatch);
    if (!problem) return pass('a server/discover body under Mcp-Method: tools/list was refused with 400 and -32020');
    return violation(
      'mismatch-accepted',
      `a server/discover body sent with Mcp-Method: tools/list ${problem} (HeaderMismatch); intermediaries route on this header, so it must agree with the body`,
      probeEvidence(ctx, result),
    );
  },
});
