/**
 * Legacy version negotiation: offered a version it does not support, the server answers with
 * another one, and "this SHOULD be the latest version supported by the server" (2025-11-25
 * basic/lifecycle "Version Negotiation"). The latest it supports is the newest known revision it
 * gives back unchanged; each unknown version (past and future) must get that one.
 */
import { LEGACY_VERSIONS } from '../../../protocol/versions.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import type { Evidence } from '../../types.js';
import { probeInitialize, unansweredInitialize } from '../../probes/protocol/bare-connection.js';
import { chosenVersion } from './legacy-initialize-known-version.js';
import { describeAnswer, evidenceOf } from '../../probes/protocol/probe.js';
import { sideOf, UNKNOWN_VERSIONS } from '../../probes/protocol/unknown-versions.js';

export default defineCheck({
  id: 'protocol.legacy-unknown-version-gets-latest',
  title: 'initialize with an unknown version gets the latest version the server supports',
  suite: 'protocol',
  requirements: ['LIFE-L6'],
  eras: ['legacy'],
  spec: '2025-11-25/basic/lifecycle#version-negotiation',
  freshProcesses: 6,
  async run(ctx) {
    const evidence: Evidence[] = [];
    let latest: string | undefined;
    for (const version of LEGACY_VERSIONS) {
      const answer = await probeInitialize(ctx, version);
      evidence.push(evidenceOf(answer));
      // No answer says nothing about support (a slow start, a loaded machine): do not guess lower.
      const unanswered = unansweredInitialize(ctx, answer, `initialize offering "${version}"`);
      if (unanswered) return { ...unanswered, evidence };
      if (!answer.response) return skip(`initialize offering "${version}" got ${describeAnswer(answer)}, so the latest version the server supports is unknown`);
      if (chosenVersion(answer.response.result) === version) {
        latest = version;
        break;
      }
    }
    if (!latest)
      return skip(
        `the server gave none of ${LEGACY_VERSIONS.join(', ')} back unchanged, so its latest version is unknown (protocol.legacy-initialize-known-version judges that)`,
      );
    const got: string[] = [];
    for (const unknown of UNKNOWN_VERSIONS) {
      const answer = await probeInitialize(ctx, unknown);
      evidence.push(evidenceOf(answer));
      const chosen = chosenVersion(answer.response?.result);
      // A refusal, or a version it cannot speak, is protocol.legacy-initialize-unknown-version's business.
      if (!chosen || chosen === unknown || !(LEGACY_VERSIONS as readonly string[]).includes(chosen)) continue;
      if (chosen < latest) {
        return violation(
          'not-latest',
          `initialize offering the unknown ${sideOf(unknown)} version "${unknown}" got "${chosen}", though the server supports the later "${latest}"; it should answer with the latest version it supports`,
          evidence,
        );
      }
      got.push(`"${unknown}" got "${chosen}"`);
    }
    if (got.length === 0)
      return skip(`no unknown version was answered with a version the server supports; protocol.legacy-initialize-unknown-version judges that`);
    return pass(`initialize offering ${got.join(' and ')}, the latest version the server supports`, evidence);
  },
});
