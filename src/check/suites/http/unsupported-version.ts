/** An unsupported protocol version gets 400 with -32022 and data {supported, requested} (DIGEST §1, §3). */
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { META } from '../../../protocol/meta.js';
import { defineCheck, pass, violation } from '../../define.js';
import { expectRejection, probeEvidence, sendProbe } from './probe.js';

const UNKNOWN_VERSION = '1900-01-01';

export default defineCheck({
  id: 'http.unsupported-version-400',
  title: 'An unsupported protocol version gets 400 with -32022 and data.supported',
  suite: 'http',
  requirements: ['LIFE-07'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/index#failure-rules',
  async run(ctx) {
    // Header and _meta agree, so the version itself is the only thing wrong.
    const result = await sendProbe(ctx, {
      method: 'server/discover',
      meta: { [META.protocolVersion]: UNKNOWN_VERSION, [META.clientCapabilities]: {} },
      headers: { 'mcp-protocol-version': UNKNOWN_VERSION },
    });
    const evidence = probeEvidence(ctx, result);
    const problem = expectRejection(result, 400, ErrorCode.UnsupportedProtocolVersion);
    if (problem) return violation('not-32022', `server/discover at protocol version ${UNKNOWN_VERSION} ${problem} (UnsupportedProtocolVersion)`, evidence);
    const data = result.outcome?.error?.data;
    if (!isObject(data) || !Array.isArray(data.supported) || data.requested !== UNKNOWN_VERSION) {
      return violation('bad-error-data', `-32022 must carry data {supported: [...], requested: "${UNKNOWN_VERSION}"}; got data ${JSON.stringify(data) ?? 'absent'}`, evidence);
    }
    return pass(`version ${UNKNOWN_VERSION} was refused with 400 and -32022, supported: ${data.supported.join(', ')}`);
  },
});
