/**
 * The retry of a multi round-trip request is an independent request: on HTTP it may reach another
 * instance, with no stickiness (DIGEST §7 "Caching and transport"). The first round goes to the
 * target, each retry to the other instance (--replica) or a fresh connection, alternating.
 */
import { defineCheck, pass, violation, notJudged } from '../../define.js';
import type { Evidence } from '../../types.js';
import { otherInstance } from '../../probes/stateless/other-instance.js';
import {
  ALL_INPUT_CAPABILITIES,
  describeOutcome,
  findInputRequired,
  isInputRequired,
  requestWith,
  retryParams,
  foundEvidence,
} from '../../probes/mrtr/input-required.js';

const MAX_ROUNDS = 4;

export default defineCheck({
  id: 'mrtr.retry-on-another-instance',
  title: 'A retry with answers succeeds on another instance or a fresh connection',
  suite: 'mrtr',
  requirements: ['MRTR-11', 'LIFE-12'],
  eras: ['modern'],
  // Final: it completes the flow (e.g. really deletes), so it runs after the checks that only ask.
  final: true,
  spec: 'basic/patterns/mrtr#retry',
  freshProcesses: 1,
  async run(ctx) {
    const found = await findInputRequired(ctx);
    if ('skip' in found) return notJudged(found);
    const other = await otherInstance(ctx);
    try {
      const clients = [ctx.client, other.client];
      const evidence: Evidence[] = [foundEvidence(ctx, found)];
      let result = found.result;
      for (let round = 2; round <= MAX_ROUNDS; round++) {
        const client = clients[(round - 1) % 2]!;
        const outcome = await requestWith(client, found.candidate, ALL_INPUT_CAPABILITIES, retryParams(result));
        evidence.push(ctx.evidence(outcome.frames, client));
        const where = client === other.client ? other.label : 'the target';
        if (outcome.error || !outcome.result) {
          return violation(
            'retry-refused',
            `${found.candidate.label}: the retry with answers${result.requestState !== undefined ? ' and the requestState' : ''} sent to ${where} got ${describeOutcome(outcome)}; a retry must work wherever it lands, since no sticky sessions exist`,
            evidence,
          );
        }
        if (!isInputRequired(outcome)) return pass(`${found.candidate.label}: round ${round} on ${where} answered ${describeOutcome(outcome)}`);
        result = outcome.result;
      }
      return pass(`${found.candidate.label}: still asking for input after ${MAX_ROUNDS} rounds, every retry accepted across instances`);
    } finally {
      await other.close();
    }
  },
});
