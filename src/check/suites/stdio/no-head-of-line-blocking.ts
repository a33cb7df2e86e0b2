/**
 * A stdio server answers a request while an earlier one is still in progress. All of a
 * client's traffic shares one pipe and clients may interleave unrelated requests (DIGEST §4);
 * in the 2026 revision subscriptions/listen never finishes by itself, so a server that handles
 * requests one at a time cannot serve anything once a client listens. The spec states no
 * normative keyword for concurrency, hence SHOULD.
 *
 * Modern era: a subscriptions/listen, then server/discover, which must be answered while the
 * listen is open. Otherwise (legacy, or no listen): by timing (see timing-probe.ts), which skips
 * when no request is slow enough to tell.
 */
import { defineCheck, pass, violation, incomplete } from '../../define.js';
import { probeWhileListening } from '../../probes/stdio/listen-probe.js';
import { probeByTiming } from '../../probes/stdio/timing-probe.js';

/** How long the second request may take while the first is in progress. */
const MAX_WAIT_MS = 3000;

export default defineCheck({
  id: 'stdio.no-head-of-line-blocking',
  title: 'Requests are answered while earlier ones are still in progress',
  suite: 'stdio',
  requirements: ['LIFE-13', 'ADV-03'],
  transports: ['stdio'],
  spec: 'basic/transports/stdio#stateless-on-stdio',
  freshProcesses: 1,
  async run(ctx) {
    // A process of its own: the probe leaves a listen open and must not slow other checks down.
    const client = await ctx.openClient();
    const waitMs = Math.min(ctx.timeoutMs, MAX_WAIT_MS);
    let note = '';
    if (client.era === 'modern') {
      const verdict = await probeWhileListening(client, waitMs);
      if (verdict.kind === 'served') return pass(verdict.message, verdict.evidence);
      if (verdict.kind === 'blocked') return violation('blocked', verdict.message, verdict.evidence);
      note = `${verdict.detail}; `;
    }
    const verdict = await probeByTiming(client, ctx.timeoutMs);
    if (verdict.kind === 'served') return pass(`${note}${verdict.message}`, verdict.evidence);
    if (verdict.kind === 'blocked')
      return violation('blocked-slow', `${note}${verdict.message}; a server should handle requests concurrently`, verdict.evidence);
    return incomplete('undecided', `${note}${verdict.detail}`);
  },
});
