/** Mcp-Name must equal params.name (or params.uri); a mismatch gets 400 with -32020 (DIGEST §3). */
import { ErrorCode } from '../../../protocol/errors.js';
import { encodeHeaderValue } from '../../../protocol/headers.js';
import { defineCheck, pass, violation, notJudged } from '../../define.js';
import { expectRejection, namedRequest, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { unanswered } from '../../probes/http/unanswered.js';

export default defineCheck({
  id: 'http.mcp-name-matches',
  title: 'An Mcp-Name header that disagrees with the body gets 400 with -32020',
  suite: 'http',
  requirements: ['HTTP-13'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#required-request-headers',
  async run(ctx) {
    const request = await namedRequest(ctx);
    if ('skip' in request) return notJudged(request);
    const other = `${request.name}-mcpvet-other`;
    const result = await sendProbe(ctx, { ...request, headers: { 'mcp-name': encodeHeaderValue(other) } });
    if (result.failure)
      return unanswered(ctx, `${request.label} under Mcp-Name: ${other}`, result.failure, `the rule wants HTTP 400 with error ${ErrorCode.HeaderMismatch}`);
    const problem = expectRejection(result, 400, ErrorCode.HeaderMismatch);
    if (!problem) return pass(`${request.label} under Mcp-Name: ${other} was refused with 400 and -32020`);
    return violation('mismatch-accepted', `${request.label} sent with Mcp-Name: ${other} ${problem} (HeaderMismatch)`, probeEvidence(ctx, result));
  },
});
