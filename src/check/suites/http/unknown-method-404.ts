/** An unknown method gets HTTP 404 with -32601 (DIGEST §3). */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, violation } from '../../define.js';
import { expectRejection, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { unanswered } from '../../probes/http/unanswered.js';

export default defineCheck({
  id: 'http.unknown-method-404',
  title: 'An unknown method gets 404 with -32601',
  suite: 'http',
  requirements: ['HTTP-09'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#required-request-headers',
  async run(ctx) {
    const method = 'mcpvet/no-such-method';
    const result = await sendProbe(ctx, { method });
    if (result.failure) return unanswered(ctx, method, result.failure, `the rule wants HTTP 404 with error ${ErrorCode.MethodNotFound}`);
    const problem = expectRejection(result, 404, ErrorCode.MethodNotFound);
    if (!problem) return pass(`${method} got 404 with -32601`);
    return violation('not-method-not-found', `${method} (with matching headers) ${problem} (MethodNotFound)`, probeEvidence(ctx, result));
  },
});
