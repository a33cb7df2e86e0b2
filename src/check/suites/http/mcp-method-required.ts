/** Every modern request carries Mcp-Method; without it the server answers 400 with -32020 (DIGEST §3). */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, violation } from '../../define.js';
import { expectRejection, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { unanswered } from '../../probes/http/unanswered.js';

export default defineCheck({
  id: 'http.mcp-method-required',
  title: 'A request without Mcp-Method gets 400 with -32020',
  suite: 'http',
  requirements: ['HTTP-10'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#required-request-headers',
  async run(ctx) {
    const result = await sendProbe(ctx, { method: 'server/discover', headers: { 'mcp-method': null } });
    if (result.failure)
      return unanswered(ctx, 'server/discover without Mcp-Method', result.failure, `the rule wants HTTP 400 with error ${ErrorCode.HeaderMismatch}`);
    const problem = expectRejection(result, 400, ErrorCode.HeaderMismatch);
    if (!problem) return pass('server/discover without Mcp-Method was refused with 400 and -32020');
    return violation('missing-header-accepted', `server/discover sent without the Mcp-Method header ${problem} (HeaderMismatch)`, probeEvidence(ctx, result));
  },
});
