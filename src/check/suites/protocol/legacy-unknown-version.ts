/**
 * Legacy version negotiation with a version the server cannot support: the server MUST answer
 * with another version it supports (2025-11-25 basic/lifecycle "Version Negotiation"). The same
 * page's error example, -32602 with data {supported, requested}, is accepted too: it tells the
 * client what to offer. Echoing the unknown version back, or any other error, is a failure.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { LEGACY_VERSIONS } from '../../../protocol/versions.js';
import { defineCheck, pass, violation } from '../../define.js';
import { probeInitialize } from './bare-connection.js';
import { chosenVersion } from './legacy-known-version.js';
import { describeAnswer, errorOf, evidenceOf } from './probe.js';

const UNKNOWN = '1900-01-01';

export default defineCheck({
  id: 'protocol.legacy-initialize-unknown-version',
  title: 'initialize with an unknown version gets a supported version back',
  suite: 'protocol',
  requirements: ['LIFE-L3'],
  eras: ['legacy'],
  transports: ['stdio', 'http'],
  spec: '2025-11-25/basic/lifecycle#version-negotiation',
  async run(ctx) {
    const answer = await probeInitialize(ctx, UNKNOWN);
    const evidence = [evidenceOf(answer)];
    const sent = `initialize offering "${UNKNOWN}"`;
    const error = errorOf(answer);
    if (error) {
      const data = isObject(error.data) ? error.data : {};
      if (error.code === ErrorCode.InvalidParams && Array.isArray(data.supported) && data.requested === UNKNOWN) {
        return pass(`${sent} was refused with -32602 listing the supported versions ${JSON.stringify(data.supported)}`, evidence);
      }
      return violation('no-version-proposed', `${sent} got ${describeAnswer(answer)}; the server must answer with a version it supports (or, as the spec's example does, -32602 with data {supported, requested})`, evidence);
    }
    const chosen = chosenVersion(answer.response?.result);
    if (chosen === UNKNOWN) return violation('unknown-version-accepted', `${sent} got "${UNKNOWN}" back: the server accepted a version it cannot support instead of proposing one it does`, evidence);
    if (!chosen || !(LEGACY_VERSIONS as readonly string[]).includes(chosen)) {
      return violation('not-a-revision', `${sent} was answered with ${chosen ? `protocolVersion "${chosen}", which is no initialize-era MCP revision` : describeAnswer(answer)}; the server must propose a version it supports`, evidence);
    }
    return pass(`${sent} got "${chosen}" back, a version the server supports`, evidence);
  },
});
