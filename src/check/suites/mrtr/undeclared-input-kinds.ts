/**
 * A server MUST NOT put in an InputRequiredResult an input request for a capability the request
 * did not declare (DIGEST §7 "Server rules"). Found with every capability declared, then asked
 * again declaring none on a fresh connection: the answer must be -32021, or a result that needs
 * nothing undeclared.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, violation, notJudged } from '../../define.js';
import { capabilitiesNeeded, describeOutcome, findInputRequired, requestWith, foundEvidence } from '../../probes/mrtr/input-required.js';

export default defineCheck({
  id: 'mrtr.undeclared-input-kinds',
  title: 'No input request for a capability the request did not declare',
  suite: 'mrtr',
  requirements: ['MRTR-04', 'LIFE-08'],
  eras: ['modern'],
  spec: 'basic/patterns/mrtr#server-rules',
  freshProcesses: 1,
  async run(ctx) {
    const found = await findInputRequired(ctx, { accept: (candidate) => candidate.capabilities.length > 0 });
    if ('skip' in found) return notJudged(found);
    const { candidate } = found;
    // A fresh connection, so nothing declared earlier can be in play (stateless.no-capability-carryover judges that).
    const fresh = await ctx.openClient();
    const outcome = await requestWith(fresh, candidate, {});
    const evidence = [foundEvidence(ctx, found), ctx.evidence(outcome.frames, fresh)];
    if (outcome.error?.code === ErrorCode.MissingRequiredClientCapability) {
      return pass(`${candidate.label} asks for ${found.capabilities.join(', ')} when declared, and answers -32021 when not`);
    }
    const asked = outcome.result?.resultType === 'input_required' ? capabilitiesNeeded(outcome.result) : [];
    if (asked.length > 0) {
      return violation(
        'undeclared-kind-requested',
        `${candidate.label} declaring clientCapabilities {} came back input_required with input requests needing ${asked.join(', ')}; a server may ask only for what the request declared, otherwise it answers -32021`,
        evidence,
      );
    }
    if (outcome.result) return pass(`${candidate.label} declaring no capabilities answered ${describeOutcome(outcome)} without asking for undeclared input`);
    return violation(
      'wrong-error',
      `${candidate.label} needs ${found.capabilities.join(', ')}; declaring none, it answered ${describeOutcome(outcome)} instead of -32021 MissingRequiredClientCapability`,
      evidence,
    );
  },
});
