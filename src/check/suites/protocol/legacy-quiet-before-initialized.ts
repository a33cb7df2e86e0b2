/**
 * Before the client's `initialized` notification a legacy server SHOULD NOT send requests other
 * than pings (2025-11-25 basic/lifecycle#initialization; logging is a notification and allowed).
 * A fresh connection sends `initialize`, then nothing, and watches for QUIET_MS.
 */
import { MCPVET_CLIENT_INFO } from '../../../client/base-client.js';
import { LegacyClient } from '../../../client/legacy-client.js';
import { isRequest } from '../../../protocol/jsonrpc.js';
import { LATEST_LEGACY_VERSION } from '../../../protocol/versions.js';
import { defineCheck, pass, violation } from '../../define.js';
import { describeAnswer, exchange, probeId } from '../../probes/protocol/probe.js';

const QUIET_MS = 500;

export default defineCheck({
  id: 'protocol.legacy-quiet-before-initialized',
  title: 'Before initialized, the server sends no requests but pings',
  suite: 'protocol',
  requirements: ['LIFE-L4'],
  eras: ['legacy'],
  spec: '2025-11-25/basic/lifecycle#initialization',
  async run(ctx) {
    const channel = ctx.freshChannel();
    const trace = channel.trace;
    const client = new LegacyClient(channel, ctx.target, { timeoutMs: ctx.timeoutMs });
    ctx.traces().push(trace);
    try {
      const message = {
        jsonrpc: '2.0',
        id: probeId('initialize'),
        method: 'initialize',
        params: { protocolVersion: LATEST_LEGACY_VERSION, capabilities: {}, clientInfo: MCPVET_CLIENT_INFO },
      };
      const answer = await exchange(client, message, { timeoutMs: ctx.timeoutMs });
      if (!answer.response) return pass(`initialize got ${describeAnswer(answer)}; nothing to watch (other checks judge the handshake)`);
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      const early = trace.frames.filter((frame) => frame.direction === 'receive' && isRequest(frame.message) && frame.message.method !== 'ping');
      if (early.length > 0) {
        const methods = [...new Set(early.map((frame) => (frame.message as { method: string }).method))].join(', ');
        return violation(
          'request-before-initialized',
          `before the initialized notification the server sent ${methods}; only pings (and log notifications) may come then`,
          [{ frames: [...answer.own, ...early.slice(0, 5)] }],
        );
      }
      return pass(`nothing but pings and notifications came in the ${QUIET_MS} ms after initialize, without initialized`);
    } finally {
      await client.close();
    }
  },
});
