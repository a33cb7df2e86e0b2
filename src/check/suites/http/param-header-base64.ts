/** Mcp-Param-* values may come base64-encoded (`=?base64?…?=`); servers decode before comparing (DIGEST §3). */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, violation, notJudged } from '../../define.js';
import { headerToolCall } from '../../probes/http/header-tool.js';
import { base64Form, describeAnswer, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { unanswered } from '../../probes/http/unanswered.js';

export default defineCheck({
  id: 'http.param-header-base64',
  title: 'A base64-encoded Mcp-Param-* header is decoded before comparing',
  suite: 'http',
  requirements: ['HTTP-14'],
  eras: ['modern'],
  transports: ['http'],
  requires: ['tools'],
  spec: 'basic/transports/streamable-http#base64-form-for-header-values',
  async run(ctx) {
    const call = await headerToolCall(ctx);
    if ('skip' in call) return notJudged(call);
    // The string form of the value (integers in decimal, booleans as true/false), then encoded.
    const plainText = typeof call.bodyValue === 'string' ? call.bodyValue : String(call.bodyValue);
    const encoded = base64Form(plainText);
    const plain = await sendProbe(ctx, call.request);
    const result = await sendProbe(ctx, { ...call.request, headers: { [call.header]: encoded } });
    if (result.failure && !plain.failure)
      return unanswered(
        ctx,
        `${call.request.label} with Mcp-Param-${call.headerName}: ${encoded}`,
        result.failure,
        'servers must decode =?base64?…?= and answer as for the plain form',
      );
    const refused = result.outcome?.error?.code === ErrorCode.HeaderMismatch || (result.outcome?.http?.status === 400 && plain.outcome?.http?.status !== 400);
    if (!refused && Boolean(result.outcome?.result) === Boolean(plain.outcome?.result)) {
      return pass(`${call.request.label} with Mcp-Param-${call.headerName}: ${encoded} was answered like the plain form (${describeAnswer(result)})`);
    }
    return violation(
      'bad-base64-accepted',
      `${call.request.label} with Mcp-Param-${call.headerName}: ${encoded} (the base64 form of ${JSON.stringify(plainText)}) got ${describeAnswer(result)}, while the plain header got ${describeAnswer(plain)}; servers must decode =?base64?…?= before comparing`,
      [...probeEvidence(ctx, result), ...probeEvidence(ctx, plain)],
    );
  },
});
