/**
 * A server that speaks only 2026-07-28 SHOULD list its supported versions in any error it
 * returns to initialize (basic/versioning "Backward compatibility"): legacy clients cannot fall
 * forward, so that error is all they get. A server that accepts initialize is dual-era: skip.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { LATEST_LEGACY_VERSION, MODERN_VERSIONS } from '../../../protocol/versions.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import { probeInitialize, unansweredInitialize } from '../../probes/protocol/bare-connection.js';
import { chosenVersion } from './legacy-initialize-known-version.js';
import { describeAnswer, errorOf, evidenceOf } from '../../probes/protocol/probe.js';

export default defineCheck({
  id: 'protocol.modern-only-initialize-lists-versions',
  title: 'A modern-only server names its supported versions when it refuses initialize',
  suite: 'protocol',
  requirements: ['LIFE-14'],
  eras: ['modern'],
  spec: 'basic/versioning#backward-compatibility',
  freshProcesses: 1,
  async run(ctx) {
    const answer = await probeInitialize(ctx, LATEST_LEGACY_VERSION);
    const evidence = [evidenceOf(answer)];
    const sent = `initialize offering "${LATEST_LEGACY_VERSION}"`;
    const unanswered = unansweredInitialize(ctx, answer, sent);
    if (unanswered) return { ...unanswered, evidence };
    const chosen = chosenVersion(answer.response?.result);
    if (chosen) return skip(`${sent} was accepted ("${chosen}"): the server speaks the legacy era too`);
    const error = errorOf(answer);
    if (!error)
      return violation(
        'initialize-accepted',
        `${sent} got ${describeAnswer(answer)}; a modern-only server should refuse it with an error that lists its supported versions`,
        evidence,
      );
    const data = isObject(error.data) ? error.data : {};
    const supported = Array.isArray(data.supported) ? data.supported.filter((version): version is string => typeof version === 'string') : [];
    if (supported.length > 0) return pass(`${sent} was refused with ${describeAnswer(answer)}, data.supported ${JSON.stringify(supported)}`, evidence);
    const named = MODERN_VERSIONS.filter((version) => String(error.message).includes(version));
    if (named.length > 0) return pass(`${sent} was refused with ${describeAnswer(answer)}, whose message names ${named.join(', ')}`, evidence);
    return violation(
      'no-versions-listed',
      `${sent} was refused with ${describeAnswer(answer)}, which names no supported version (in data.supported or the message); a legacy client learns nothing from it`,
      evidence,
    );
  },
});
