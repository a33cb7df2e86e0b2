/** An Mcp-Param-* header must equal its argument after decoding; a mismatch gets 400 with -32020 (DIGEST §3). */
import { ErrorCode } from '../../../protocol/errors.js';
import { encodeHeaderValue } from '../../../protocol/headers.js';
import { defineCheck, pass, violation, notJudged } from '../../define.js';
import { differentValue, headerToolCall } from '../../probes/http/header-tool.js';
import { expectRejection, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { unanswered } from '../../probes/http/unanswered.js';

export default defineCheck({
  id: 'http.param-header-matches',
  title: 'An Mcp-Param-* header that disagrees with its argument gets 400 with -32020',
  suite: 'http',
  requirements: ['HTTP-16'],
  eras: ['modern'],
  transports: ['http'],
  requires: ['tools'],
  spec: 'server/tools#x-mcp-header',
  async run(ctx) {
    const call = await headerToolCall(ctx);
    if ('skip' in call) return notJudged(call);
    const other = encodeHeaderValue(differentValue(call.bodyValue));
    const result = await sendProbe(ctx, { ...call.request, headers: { [call.header]: other } });
    if (result.failure)
      return unanswered(
        ctx,
        `${call.request.label} with Mcp-Param-${call.headerName}: ${other}`,
        result.failure,
        `the rule wants HTTP 400 with error ${ErrorCode.HeaderMismatch}`,
      );
    const problem = expectRejection(result, 400, ErrorCode.HeaderMismatch);
    if (!problem)
      return pass(
        `${call.request.label} with Mcp-Param-${call.headerName}: ${other} against argument ${JSON.stringify(call.bodyValue)} was refused with 400 and -32020`,
      );
    return violation(
      'mismatch-accepted',
      `${call.request.label} with argument ${JSON.stringify(call.bodyValue)} but Mcp-Param-${call.headerName}: ${other} ${problem} (HeaderMismatch)`,
      probeEvidence(ctx, result),
    );
  },
});
