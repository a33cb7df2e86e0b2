/**
 * requestState is attacker-controlled: when it influences authorization, resource access or
 * business logic it MUST be integrity-protected, and a state failing verification MUST be
 * rejected (DIGEST §7 "requestState security"). mcpvet cannot see what a state guards, so it
 * judges states of requests that are not read-only tools: a retry carrying a changed state must
 * not complete. "Rejected" means a JSON-RPC error, or asking again (input_required).
 */
import { ALL_INPUT_CAPABILITIES, describeOutcome, isInputRequired, requestWith, retryParams, foundEvidence } from '../../probes/mrtr/input-required.js';
import { defineCheck, pass, violation, notJudged } from '../../define.js';
import { findGuardingState, tamper } from '../../probes/mrtr/state-flow.js';

export default defineCheck({
  id: 'mrtr.tampered-state-rejected',
  title: 'A retry with a tampered requestState is rejected',
  suite: 'mrtr',
  requirements: ['MRTR-05'],
  eras: ['modern'],
  spec: 'basic/patterns/mrtr#requeststate-security',
  async run(ctx) {
    const found = await findGuardingState(ctx);
    if ('skip' in found) return notJudged(found);
    const genuine = retryParams(found.result);
    const { state, position } = tamper(genuine.requestState as string);
    const outcome = await requestWith(ctx.client, found.candidate, ALL_INPUT_CAPABILITIES, { ...genuine, requestState: state });
    const evidence = [foundEvidence(ctx, found), ctx.evidence(outcome.frames)];
    if (outcome.error || isInputRequired(outcome)) {
      return pass(`${found.candidate.label}: a requestState with character ${position} changed was refused (${describeOutcome(outcome)})`);
    }
    return violation(
      'tampered-state-accepted',
      `${found.candidate.label}: the retry carried the server's requestState with character ${position} changed, and the server answered ${describeOutcome(outcome)} — it acted on a state it cannot have verified; protect requestState with an HMAC or AEAD and reject what fails verification`,
      evidence,
    );
  },
});
