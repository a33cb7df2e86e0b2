/** tools/call, prompts/get and resources/read carry Mcp-Name; without it: 400 with -32020 (DIGEST §3). */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, violation, notJudged } from '../../define.js';
import { expectRejection, namedRequest, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { unanswered } from '../../probes/http/unanswered.js';

export default defineCheck({
  id: 'http.mcp-name-required',
  title: 'A request without its Mcp-Name header gets 400 with -32020',
  suite: 'http',
  requirements: ['HTTP-12'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#required-request-headers',
  async run(ctx) {
    const request = await namedRequest(ctx);
    if ('skip' in request) return notJudged(request);
    const result = await sendProbe(ctx, { ...request, headers: { 'mcp-name': null } });
    if (result.failure)
      return unanswered(ctx, `${request.label} without Mcp-Name`, result.failure, `the rule wants HTTP 400 with error ${ErrorCode.HeaderMismatch}`);
    const problem = expectRejection(result, 400, ErrorCode.HeaderMismatch);
    if (!problem) return pass(`${request.label} without Mcp-Name was refused with 400 and -32020`);
    return violation('missing-header-accepted', `${request.label} sent without the Mcp-Name header ${problem} (HeaderMismatch)`, probeEvidence(ctx, result));
  },
});
