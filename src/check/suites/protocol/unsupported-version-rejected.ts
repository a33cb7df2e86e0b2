/**
 * A modern request naming a version the server does not speak gets -32022 with
 * `data.supported` (the versions it does speak) and `data.requested` (the version asked for),
 * and HTTP 400 (DIGEST §1 "Failure rules"). The header carries the same version as `_meta`,
 * so the only thing wrong with the probe is the version itself. Both an unknown past and an
 * unknown future version are sent (unknown-versions.ts): each must be refused.
 *
 * The probes go on the run's connection once it has served a request other than server/discover.
 * The rule holds for every request of a connection, and a server may check the version only while
 * a connection opens: the TypeScript SDK v2's stdio entry refuses an unknown version until the
 * connection is pinned to an era, then serves any version. Without this step the verdict
 * depended on which checks had used the connection first.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { META } from '../../../protocol/meta.js';
import { eraOfVersion } from '../../../protocol/versions.js';
import { defineCheck } from '../../define.js';
import type { CheckContext } from '../../types.js';
import { declaredLists } from '../../probes/stateless/lists.js';
import { sharedListing } from '../../probes/tools/list-pages.js';
import { describeAnswer, errorOf, exchange, modernMeta, probeId, evidenceOf } from '../../probes/protocol/probe.js';
import { judgeEachUnknownVersion, sideOf, type VersionProbe } from '../../probes/protocol/unknown-versions.js';

export default defineCheck({
  id: 'protocol.unsupported-version-rejected',
  title: 'An unsupported protocol version gets -32022 with data.supported and data.requested',
  suite: 'protocol',
  requirements: ['LIFE-06'],
  eras: ['modern'],
  spec: 'basic#request-meta',
  async run(ctx) {
    const [list] = declaredLists(ctx.client.serverCapabilities);
    // Shared with the checks that judge the listing: on most runs it was sent already.
    if (list) await sharedListing(ctx.client, list);
    return judgeEachUnknownVersion(ctx, probeVersion);
  },
});

async function probeVersion(ctx: CheckContext, version: string): Promise<VersionProbe> {
  const message = {
    jsonrpc: '2.0',
    id: probeId('unsupported-version'),
    method: 'server/discover',
    params: { _meta: modernMeta(ctx.client, { [META.protocolVersion]: version }) },
  };
  const answer = await exchange(ctx.client, message, { timeoutMs: ctx.timeoutMs });
  const evidence = [evidenceOf(answer)];
  const sent = `server/discover with the unknown ${sideOf(version)} protocolVersion "${version}"`;
  const error = errorOf(answer);
  if (error?.code !== ErrorCode.UnsupportedProtocolVersion) {
    return { evidence, code: 'not-32022', problem: `${sent} got ${describeAnswer(answer)}; an unsupported version must get error -32022` };
  }
  const data = isObject(error.data) ? error.data : undefined;
  const problems: string[] = [];
  if (!data) problems.push('error.data is missing (it must be {supported, requested})');
  else {
    const supported = data.supported;
    if (!Array.isArray(supported) || !supported.every((candidate) => typeof candidate === 'string'))
      problems.push(`data.supported is ${JSON.stringify(supported)}, not an array of version strings`);
    else if (!supported.some((candidate) => eraOfVersion(candidate as string) === 'modern'))
      problems.push(`data.supported ${JSON.stringify(supported)} lists no modern (2026-07-28 or later) version, though the server answers modern requests`);
    if (data.requested !== version) problems.push(`data.requested is ${JSON.stringify(data.requested)}, not the requested "${version}"`);
  }
  if (answer.http && answer.http.status !== 400) problems.push(`the HTTP status is ${answer.http.status}, not 400`);
  if (problems.length > 0) return { evidence, code: 'bad-error-data', problem: `${sent} got -32022, but ${problems.join('; ')}` };
  return {
    evidence,
    passed: `${sent} got -32022 with data.supported ${JSON.stringify(data?.supported)} and data.requested echoed${answer.http ? ', HTTP 400' : ''}`,
  };
}
