/**
 * Legacy version negotiation with a version the server cannot support: the server MUST answer
 * with another version it supports (2025-11-25 basic/lifecycle "Version Negotiation"). The same
 * page's error example, -32602 with data {supported, requested}, is accepted too: it tells the
 * client what to offer. Echoing the unknown version back, or any other error, is a failure.
 * Both an unknown past and an unknown future version are offered (unknown-versions.ts). Silence
 * within the timeout is not judged; an exit is.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { LEGACY_VERSIONS } from '../../../protocol/versions.js';
import { defineCheck } from '../../define.js';
import { probeInitialize, unansweredInitialize } from '../../probes/protocol/bare-connection.js';
import { chosenVersion } from './legacy-initialize-known-version.js';
import type { CheckContext } from '../../types.js';
import { describeAnswer, errorOf, evidenceOf } from '../../probes/protocol/probe.js';
import { judgeEachUnknownVersion, sideOf, type VersionProbe } from '../../probes/protocol/unknown-versions.js';

export default defineCheck({
  id: 'protocol.legacy-initialize-unknown-version',
  title: 'initialize with an unknown version gets a supported version back',
  suite: 'protocol',
  requirements: ['LIFE-L3'],
  eras: ['legacy'],
  spec: '2025-11-25/basic/lifecycle#version-negotiation',
  freshProcesses: 2,
  run: (ctx) => judgeEachUnknownVersion(ctx, offer),
});

async function offer(ctx: CheckContext, unknown: string): Promise<VersionProbe> {
  const answer = await probeInitialize(ctx, unknown);
  const evidence = [evidenceOf(answer)];
  const sent = `initialize offering the unknown ${sideOf(unknown)} version "${unknown}"`;
  const unanswered = unansweredInitialize(ctx, answer, sent);
  if (unanswered) return { evidence, verdict: unanswered };
  const error = errorOf(answer);
  if (error) {
    const data = isObject(error.data) ? error.data : {};
    if (error.code === ErrorCode.InvalidParams && Array.isArray(data.supported) && data.requested === unknown) {
      return { evidence, passed: `${sent} was refused with -32602 listing the supported versions ${JSON.stringify(data.supported)}` };
    }
    return {
      evidence,
      code: 'no-version-proposed',
      problem: `${sent} got ${describeAnswer(answer)}; the server must answer with a version it supports (or, as the spec's example does, -32602 with data {supported, requested})`,
    };
  }
  const chosen = chosenVersion(answer.response?.result);
  if (chosen === unknown)
    return {
      evidence,
      code: 'unknown-version-accepted',
      problem: `${sent} got "${unknown}" back: the server accepted a version it cannot support instead of proposing one it does`,
    };
  if (!chosen || !(LEGACY_VERSIONS as readonly string[]).includes(chosen)) {
    return {
      evidence,
      code: 'not-a-revision',
      problem: `${sent} was answered with ${chosen ? `protocolVersion "${chosen}", which is no initialize-era MCP revision` : describeAnswer(answer)}; the server must propose a version it supports`,
    };
  }
  return { evidence, passed: `${sent} got "${chosen}" back, a version the server supports` };
}
