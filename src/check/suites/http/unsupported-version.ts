/**
 * An unsupported protocol version gets 400 with -32022 and data {supported, requested} (DIGEST §1,
 * §3), for an unknown past and an unknown future version alike.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { META } from '../../../protocol/meta.js';
import { defineCheck, pass, violation } from '../../define.js';
import type { Evidence } from '../../types.js';
import { sideOf, UNKNOWN_VERSIONS } from '../protocol/unknown-versions.js';
import { expectRejection, probeEvidence, sendProbe } from './probe.js';

export default defineCheck({
  id: 'http.unsupported-version-400',
  title: 'An unsupported protocol version gets 400 with -32022 and data.supported',
  suite: 'http',
  requirements: ['LIFE-07'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/index#failure-rules',
  async run(ctx) {
    const evidence: Evidence[] = [];
    const refused: string[] = [];
    for (const version of UNKNOWN_VERSIONS) {
      // Header and _meta agree, so the version itself is the only thing wrong.
      const result = await sendProbe(ctx, {
        method: 'server/discover',
        meta: { [META.protocolVersion]: version, [META.clientCapabilities]: {} },
        headers: { 'mcp-protocol-version': version },
      });
      evidence.push(...probeEvidence(ctx, result));
      const sent = `server/discover at the unknown ${sideOf(version)} protocol version ${version}`;
      const problem = expectRejection(result, 400, ErrorCode.UnsupportedProtocolVersion);
      if (problem) return violation('not-32022', `${sent} ${problem} (UnsupportedProtocolVersion)`, evidence);
      const data = result.outcome?.error?.data;
      if (!isObject(data) || !Array.isArray(data.supported) || data.requested !== version) {
        return violation('bad-error-data', `${sent}: -32022 must carry data {supported: [...], requested: "${version}"}; got data ${JSON.stringify(data) ?? 'absent'}`, evidence);
      }
      refused.push(`${version} was refused with 400 and -32022, supported: ${data.supported.join(', ')}`);
    }
    return pass(refused.join('; '), evidence);
  },
});
