/**
 * A requestState belongs to the identity it was issued to: the retry that carries it, sent with
 * another identity's valid token (--token-other-user), is refused. The spec asks servers to bind
 * the state to the authenticated principal (SHOULD, basic/patterns/mrtr: requestState security);
 * an id is not authentication. Final, like the replay check: an accepted retry completes the flow.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, incomplete, notJudged, pass, violation } from '../../define.js';
import { isNotJudged, needsToken, sendAs, unauthenticated } from '../../probes/auth/auth-probe.js';
import { modernEnvelope } from '../../probes/http/probe.js';
import { ALL_INPUT_CAPABILITIES, foundEvidence, retryParams, withCapabilities } from '../../probes/mrtr/input-required.js';
import { findGuardingState } from '../../probes/mrtr/state-flow.js';

export default defineCheck({
  id: 'auth.other-user-state-refused',
  title: "Another identity's token (--token-other-user) cannot use a requestState issued to the run's",
  suite: 'auth',
  requirements: ['MRTR-06'],
  eras: ['modern'],
  transports: ['http'],
  final: true,
  spec: 'basic/patterns/mrtr#requeststate-security',
  async run(ctx) {
    const protection = await unauthenticated(ctx);
    if (isNotJudged(protection)) return notJudged(protection);
    if (!ctx.tokens.otherUser) return notJudged(needsToken('--token-other-user', "another identity's valid token"));
    const found = await findGuardingState(ctx);
    if ('skip' in found) return notJudged(found);
    const { method, params, label, tool } = found.candidate;
    const retried = withCapabilities({ ...params, ...retryParams(found.result) }, ALL_INPUT_CAPABILITIES);
    const envelope = modernEnvelope(ctx.client, method, retried, tool?.inputSchema);
    const message = { jsonrpc: '2.0', id: 'mcpvet-other-user-state', method, params: envelope.params };
    const answer = await sendAs(ctx, { kind: 'bearer', token: ctx.tokens.otherUser }, { message, headers: envelope.headers });
    const evidence = [foundEvidence(ctx, found), ...answer.evidence];
    if (answer.failure) return incomplete('no-answer', `${label}: the retry with another identity's token got no answer (${answer.failure})`);
    const result = answer.outcome?.result;
    const refused = answer.outcome?.error !== undefined || (answer.status ?? 200) >= 400 || (isObject(result) && result.resultType === 'input_required');
    if (refused)
      return pass(`${label}: the retry carrying the run's requestState, sent with another identity's token, was refused (${refusal(answer)})`, evidence);
    return violation(
      'state-shared',
      `${label}: the retry carrying the requestState issued to the run's identity was accepted with another identity's token (HTTP ${answer.status ?? '?'}, resultType ${String(isObject(result) ? result.resultType : 'none')}); bind the state to the principal it was issued to`,
      evidence,
    );
  },
});

function refusal(answer: { status?: number; outcome?: { error?: { code?: unknown; message?: unknown } } }): string {
  const error = answer.outcome?.error;
  if (error) return `error ${String(error.code)}: ${String(error.message)}`;
  return (answer.status ?? 200) >= 400 ? `HTTP ${answer.status}` : 'it asked for input again';
}
