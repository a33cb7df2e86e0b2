/** Servers MUST validate Origin: a present, foreign Origin gets 403 (DIGEST §3 "Security"; DNS rebinding). */
import { defineCheck, pass, violation } from '../../define.js';
import { describeAnswer, probeEvidence, sendProbe } from './probe.js';

const FOREIGN_ORIGIN = 'https://mcpvet-foreign-origin.example';

export default defineCheck({
  id: 'http.foreign-origin-403',
  title: 'A request with a foreign Origin gets 403',
  suite: 'http',
  requirements: ['HTTP-01'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/transports/streamable-http#security',
  async run(ctx) {
    const result = await sendProbe(ctx, { method: 'server/discover', headers: { origin: FOREIGN_ORIGIN } });
    if (result.outcome?.http?.status === 403) return pass(`Origin: ${FOREIGN_ORIGIN} got 403`);
    return violation('foreign-origin-accepted', `server/discover with Origin: ${FOREIGN_ORIGIN} got ${describeAnswer(result)}; a server must refuse an Origin that is not its own with 403 (DNS rebinding protection)`, probeEvidence(ctx, result));
  },
});
