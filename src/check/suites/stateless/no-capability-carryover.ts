/**
 * The server never relies on capabilities declared in an earlier request (DIGEST §1): right after
 * a request that declared them, the same request declaring none must not ask for that input
 * (it answers -32021 or falls back), on the very same connection.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { defineCheck, pass, violation, notJudged } from '../../define.js';
import { capabilitiesNeeded, describeOutcome, findInputRequired, requestWith } from '../../probes/mrtr/input-required.js';

export default defineCheck({
  id: 'stateless.no-capability-carryover',
  title: 'Capabilities declared in an earlier request are not relied on',
  suite: 'stateless',
  requirements: ['LIFE-11', 'LIFE-08'],
  eras: ['modern'],
  spec: 'basic/index#statelessness',
  freshProcesses: 1,
  async run(ctx) {
    const client = await ctx.openClient();
    const found = await findInputRequired(ctx, { client, accept: (candidate) => candidate.capabilities.length > 0 });
    if ('skip' in found) return notJudged(found);
    const outcome = await requestWith(client, found.candidate, {});
    const evidence = [ctx.evidence(found.outcome.frames, client), ctx.evidence(outcome.frames, client)];
    const asked = outcome.result?.resultType === 'input_required' ? capabilitiesNeeded(outcome.result) : [];
    if (asked.length > 0) {
      return violation(
        'capabilities-carried-over',
        `${found.candidate.label} declaring no capabilities, right after the same request declared ${found.capabilities.join(', ')} on this connection, still asked for ${asked.join(', ')}: the server carried the earlier declaration over`,
        evidence,
      );
    }
    const how = outcome.error?.code === ErrorCode.MissingRequiredClientCapability ? '-32021' : describeOutcome(outcome);
    return pass(`${found.candidate.label} asked for ${found.capabilities.join(', ')} only while declared; the next request, declaring none, got ${how}`);
  },
});
