/** An x-mcp-header argument with a value needs its Mcp-Param-* header; without it: 400 with -32020 (DIGEST §3). */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, violation, notJudged } from '../../define.js';
import { headerToolCall } from '../../probes/http/header-tool.js';
import { expectRejection, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { unanswered } from '../../probes/http/unanswered.js';

export default defineCheck({
  id: 'http.param-header-required',
  title: 'A tools/call missing an Mcp-Param-* header gets 400 with -32020',
  suite: 'http',
  requirements: ['HTTP-15'],
  eras: ['modern'],
  transports: ['http'],
  requires: ['tools'],
  spec: 'server/tools#x-mcp-header',
  async run(ctx) {
    const call = await headerToolCall(ctx);
    if ('skip' in call) return notJudged(call);
    const result = await sendProbe(ctx, { ...call.request, headers: { [call.header]: null } });
    if (result.failure)
      return unanswered(
        ctx,
        `${call.request.label} without Mcp-Param-${call.headerName}`,
        result.failure,
        `the rule wants HTTP 400 with error ${ErrorCode.HeaderMismatch}`,
      );
    const problem = expectRejection(result, 400, ErrorCode.HeaderMismatch);
    if (!problem) return pass(`${call.request.label} without Mcp-Param-${call.headerName} was refused with 400 and -32020`);
    return violation(
      'missing-header-accepted',
      `${call.request.label} with argument value ${JSON.stringify(call.bodyValue)} but no Mcp-Param-${call.headerName} header ${problem} (HeaderMismatch)`,
      probeEvidence(ctx, result),
    );
  },
});
