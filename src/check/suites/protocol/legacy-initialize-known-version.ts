/**
 * Legacy version negotiation (2025-11-25 basic/lifecycle "Version Negotiation"): a server that
 * supports the version the client offers MUST answer with that same version. mcpvet offers its
 * newest legacy version; if the server proposes another one, that one is by definition
 * supported, so offering it back on a fresh connection must return it unchanged. An initialize
 * left unanswered in time is not judged (unansweredInitialize).
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { LATEST_LEGACY_VERSION } from '../../../protocol/versions.js';
import { defineCheck, pass, violation } from '../../define.js';
import { probeInitialize, unansweredInitialize } from '../../probes/protocol/bare-connection.js';
import { describeAnswer, evidenceOf } from '../../probes/protocol/probe.js';

export default defineCheck({
  id: 'protocol.legacy-initialize-known-version',
  title: 'initialize answers with the offered version when the server supports it',
  suite: 'protocol',
  requirements: ['LIFE-L1', 'LIFE-L2'],
  eras: ['legacy'],
  spec: '2025-11-25/basic/lifecycle#version-negotiation',
  freshProcesses: 2,
  async run(ctx) {
    const first = await probeInitialize(ctx, LATEST_LEGACY_VERSION);
    const evidence = [evidenceOf(first)];
    const firstUnanswered = unansweredInitialize(ctx, first, `initialize offering "${LATEST_LEGACY_VERSION}"`);
    if (firstUnanswered) return { ...firstUnanswered, evidence };
    const chosen = chosenVersion(first.response?.result);
    if (!chosen)
      return violation(
        'no-protocol-version',
        `initialize offering "${LATEST_LEGACY_VERSION}" got ${describeAnswer(first)}, not a result with a protocolVersion`,
        evidence,
      );
    if (chosen === LATEST_LEGACY_VERSION) return pass(`initialize offering "${LATEST_LEGACY_VERSION}" got the same version back`, evidence);
    const second = await probeInitialize(ctx, chosen);
    evidence.push(evidenceOf(second));
    const secondUnanswered = unansweredInitialize(ctx, second, `initialize offering "${chosen}", the version the server proposed,`);
    if (secondUnanswered) return { ...secondUnanswered, evidence };
    const again = chosenVersion(second.response?.result);
    if (again !== chosen) {
      return violation(
        'version-not-echoed',
        `the server proposed "${chosen}" when offered "${LATEST_LEGACY_VERSION}", but offered "${chosen}" it answered ${again ? `"${again}"` : describeAnswer(second)}; a supported version must come back unchanged`,
        evidence,
      );
    }
    return pass(`the server proposed "${chosen}" for "${LATEST_LEGACY_VERSION}" and kept "${chosen}" when offered it`, evidence);
  },
});

export function chosenVersion(result: unknown): string | undefined {
  return isObject(result) && typeof result.protocolVersion === 'string' ? result.protocolVersion : undefined;
}
