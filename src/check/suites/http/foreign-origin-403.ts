/**
 * Servers MUST validate Origin: a present, foreign Origin gets 403 (DIGEST §3 "Security"; DNS
 * rebinding). 2025-11-25 has the same MUST, so a legacy session is probed too (with a ping in
 * the session); before 2025-11-25 the rule named no status, so any 4xx refusal passes there.
 */
import { TransportError } from '../../../protocol/transport-error.js';
import { defineCheck, pass, violation } from '../../define.js';
import type { CheckContext, Finding } from '../../types.js';
import { describeAnswer, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { unanswered } from '../../probes/http/unanswered.js';

const FOREIGN_ORIGIN = 'https://mcpvet-foreign-origin.example';
/** The first revision that names 403 for a bad Origin. */
const FORBIDDEN_403_REVISION = '2025-11-25';
const RULE = 'a server must refuse an Origin that is not its own with HTTP 403 (DNS rebinding protection)';

export default defineCheck({
  id: 'http.foreign-origin-403',
  title: 'A request with a foreign Origin gets 403',
  suite: 'http',
  requirements: ['HTTP-01'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#security',
  async run(ctx) {
    if (ctx.era === 'legacy') return legacyProbe(ctx);
    const result = await sendProbe(ctx, { method: 'server/discover', headers: { origin: FOREIGN_ORIGIN } });
    if (result.failure) return unanswered(ctx, `server/discover with Origin: ${FOREIGN_ORIGIN}`, result.failure, RULE);
    if (result.outcome?.http?.status === 403) return pass(`Origin: ${FOREIGN_ORIGIN} got 403`);
    return violation(
      'foreign-origin-accepted',
      `server/discover with Origin: ${FOREIGN_ORIGIN} got ${describeAnswer(result)}; ${RULE}`,
      probeEvidence(ctx, result),
    );
  },
});

async function legacyProbe(ctx: CheckContext): Promise<Finding> {
  const version = ctx.client.protocolVersion;
  let outcome;
  try {
    outcome = await ctx.client.raw({ jsonrpc: '2.0', id: 'mcpvet-foreign-origin', method: 'ping' }, { headers: { origin: FOREIGN_ORIGIN } });
  } catch (error) {
    if (error instanceof TransportError) return unanswered(ctx, `a ping in the ${version} session with Origin: ${FOREIGN_ORIGIN}`, error.message, RULE);
    throw error;
  }
  const status = outcome?.http?.status;
  const evidence = outcome ? [ctx.evidence(outcome.frames)] : [];
  if (status === 403) return pass(`a ping in the ${version} session with Origin: ${FOREIGN_ORIGIN} got 403`, evidence);
  if (version < FORBIDDEN_403_REVISION && status !== undefined && status >= 400 && status < 500) {
    return pass(
      `a ping in the ${version} session with Origin: ${FOREIGN_ORIGIN} was refused with HTTP ${status} (403 is named from ${FORBIDDEN_403_REVISION} on)`,
      evidence,
    );
  }
  return violation(
    'foreign-origin-accepted',
    `a ping in the ${version} session with Origin: ${FOREIGN_ORIGIN} got HTTP ${status ?? 'nothing'}; ${RULE}`,
    evidence,
  );
}
