/**
 * Header values may come in the `=?base64?…?=` form, and servers MUST decode before comparing
 * (DIGEST §3). The same request is sent with the plain and with the encoded Mcp-Name; the encoded
 * one must be answered as the plain one is (the encoding is optional for a plain value, never wrong).
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, violation, notJudged } from '../../define.js';
import { base64Form, describeAnswer, namedRequest, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { unanswered } from '../../probes/http/unanswered.js';

export default defineCheck({
  id: 'http.mcp-name-base64',
  title: 'A base64-encoded Mcp-Name is decoded before comparing',
  suite: 'http',
  requirements: ['HTTP-14'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#base64-form-for-header-values',
  async run(ctx) {
    const request = await namedRequest(ctx);
    if ('skip' in request) return notJudged(request);
    const plain = await sendProbe(ctx, request);
    const encoded = base64Form(request.name);
    const result = await sendProbe(ctx, { ...request, headers: { 'mcp-name': encoded } });
    if (result.failure && !plain.failure)
      return unanswered(ctx, `${request.label} with Mcp-Name: ${encoded}`, result.failure, 'servers must decode =?base64?…?= and answer as for the plain form');
    const refused = result.outcome?.error?.code === ErrorCode.HeaderMismatch || (result.outcome?.http?.status === 400 && plain.outcome?.http?.status !== 400);
    const sameKind = Boolean(result.outcome?.result) === Boolean(plain.outcome?.result);
    if (!refused && sameKind) return pass(`${request.label} with Mcp-Name: ${encoded} was answered like the plain form (${describeAnswer(result)})`);
    return violation(
      'bad-base64-accepted',
      `${request.label} with Mcp-Name: ${encoded} (the base64 form of "${request.name}") got ${describeAnswer(result)}, while the plain header got ${describeAnswer(plain)}; servers must decode =?base64?…?= before comparing`,
      [...probeEvidence(ctx, result), ...probeEvidence(ctx, plain)],
    );
  },
});
