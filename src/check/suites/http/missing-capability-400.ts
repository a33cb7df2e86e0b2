/**
 * -32021 MissingRequiredClientCapability goes with HTTP 400 (DIGEST §0.2). It needs a request
 * that asks for input when capabilities are declared (found as the mrtr suite finds one); the
 * same request then declares none. A server that falls back instead of erroring is not judged.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { describeOutcome, findInputRequired, requestWith } from '../../probes/mrtr/input-required.js';

export default defineCheck({
  id: 'http.missing-capability-400',
  title: 'A request missing a needed client capability gets 400 with -32021',
  suite: 'http',
  requirements: ['LIFE-09', 'LIFE-08'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/index#failure-rules',
  async run(ctx) {
    const found = await findInputRequired(ctx, { accept: (candidate) => candidate.capabilities.length > 0 });
    if ('skip' in found) return skip(`no request known to need a client capability: ${found.skip}`);
    const outcome = await requestWith(ctx.client, found.candidate, {});
    const evidence = [ctx.evidence(outcome.frames)];
    const status = outcome.http?.status;
    if (outcome.error?.code === ErrorCode.MissingRequiredClientCapability) {
      if (status === 400) return pass(`${found.candidate.label} without ${found.capabilities.join(', ')} got HTTP 400 with -32021`);
      return violation(
        'wrong-http-status',
        `${found.candidate.label} without ${found.capabilities.join(', ')} got -32021 with HTTP ${status}; the status must be 400`,
        evidence,
      );
    }
    if (outcome.result)
      return skip(`${found.candidate.label} declaring no capabilities answered ${describeOutcome(outcome)} (a fallback), so no -32021 to judge`);
    return violation(
      'not-32021',
      `${found.candidate.label} needs ${found.capabilities.join(', ')}; declaring none it got ${describeOutcome(outcome)}, where HTTP 400 with -32021 is due`,
      evidence,
    );
  },
});
