/**
 * --canary: the secrets planted in the server's environment (stdio) or in the request headers
 * (HTTP) never come back in a result, an error or a notification of the run. Runs last, over every
 * trace (fresh connections carried the canaries too), so whatever the other checks called counts.
 */
import type { JsonSecret } from '../../../scan/secrets.js';
import { defineCheck, incomplete, pass, violation } from '../../define.js';
import type { Finding, PlantedCanary } from '../../types.js';
import { canaryName } from '../../probes/security/canaries.js';
import { secretsInPart } from '../../probes/security/part-secrets.js';
import { maskedFrame } from '../../probes/security/masked-frame.js';
import { partLabel, partLocation, receivedParts, type ReceivedPart } from '../../probes/security/received.js';

const MAX_FINDINGS = 20;

export default defineCheck({
  id: 'security.canary-echo',
  title: 'Secrets given to the server never come back to the caller',
  suite: 'security',
  requirements: ['SEC-CANARY-ECHO'],
  spec: 'basic/security_best_practices',
  final: true,
  async run(ctx) {
    const canaries = ctx.canaries ?? [];
    if (canaries.length === 0)
      return incomplete('no-canary', "run with --canary: mcpvet then plants secret values in the server's environment (stdio) or request headers (HTTP)");
    const values = canaries.map((canary) => canary.value);
    const parts = receivedParts(ctx.traces());
    const findings: Finding[] = [];
    const seen = new Set<string>();
    for (const part of parts) {
      for (const found of secretsInPart(part, values).filter((secret) => secret.match.kind === 'canary')) {
        const canary = canaries.find((c) => c.value === found.text.slice(found.match.start, found.match.end)) as PlantedCanary;
        const key = `${partLabel(part)} ${found.pointer} ${canary.name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (findings.length < MAX_FINDINGS) findings.push(echo(part, found, canary));
      }
    }
    if (findings.length > 0) return findings;
    const names = canaries.map(canaryName).join(', ');
    return pass(`none of the ${canaries.length} canaries (${names}) came back in ${parts.length} server message(s)`);
  },
});

function echo(part: ReceivedPart, found: JsonSecret, canary: PlantedCanary): Finding {
  const where = found.pointer ? ` at ${found.pointer}` : ' in the body';
  return {
    ...violation(
      'canary-echoed',
      `${partLabel(part)}: the canary planted in ${canaryName(canary)} came back${where}; a secret the server holds must never reach the caller (or the model)`,
      [{ frames: [maskedFrame(part.frame, [canary.value])] }],
      partLocation(part, found.pointer),
    ),
    requirement: 'SEC-CANARY-ECHO',
  };
}
