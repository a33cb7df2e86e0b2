/**
 * An unsupported protocol version gets 400 with -32022 and data {supported, requested} (DIGEST §1,
 * §3), for an unknown past and an unknown future version alike.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { META } from '../../../protocol/meta.js';
import { defineCheck } from '../../define.js';
import type { CheckContext } from '../../types.js';
import { judgeEachUnknownVersion, sideOf, type VersionProbe } from '../../probes/protocol/unknown-versions.js';
import { expectRejection, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { unanswered } from '../../probes/http/unanswered.js';

export default defineCheck({
  id: 'http.unsupported-version-400',
  title: 'An unsupported protocol version gets 400 with -32022 and data.supported',
  suite: 'http',
  requirements: ['LIFE-07', 'LIFE-06'],
  eras: ['modern'],
  transports: ['http'],
  spec: 'basic/index#failure-rules',
  run: (ctx) => judgeEachUnknownVersion(ctx, refusedWith400),
});

async function refusedWith400(ctx: CheckContext, version: string): Promise<VersionProbe> {
  // Header and _meta agree, so the version itself is the only thing wrong.
  const result = await sendProbe(ctx, {
    method: 'server/discover',
    meta: { [META.protocolVersion]: version, [META.clientCapabilities]: {} },
    headers: { 'mcp-protocol-version': version },
  });
  const evidence = probeEvidence(ctx, result);
  const sent = `server/discover at the unknown ${sideOf(version)} protocol version ${version}`;
  if (result.failure) {
    return { evidence, verdict: await unanswered(ctx, sent, result.failure, `the rule wants HTTP 400 with error ${ErrorCode.UnsupportedProtocolVersion}`) };
  }
  const problem = expectRejection(result, 400, ErrorCode.UnsupportedProtocolVersion);
  if (problem) return { evidence, code: 'not-32022', problem: `${sent} ${problem} (UnsupportedProtocolVersion)` };
  const data = result.outcome?.error?.data;
  if (!isObject(data) || !Array.isArray(data.supported) || data.requested !== version) {
    return {
      evidence,
      code: 'bad-error-data',
      problem: `${sent}: -32022 must carry data {supported: [...], requested: "${version}"}; got data ${JSON.stringify(data) ?? 'absent'}`,
    };
  }
  return { evidence, passed: `${version} was refused with 400 and -32022, supported: ${data.supported.join(', ')}` };
}
