/**
 * Before the client's `initialized` notification a legacy server SHOULD NOT send requests other
 * than pings (2025-11-25 basic/lifecycle#initialization; logging is a notification and allowed).
 * A fresh connection sends `initialize`, then nothing, and watches for QUIET_MS.
 */
import { isRequest } from '../../../protocol/jsonrpc.js';
import { LATEST_LEGACY_VERSION } from '../../../protocol/versions.js';
import { defineCheck, incomplete, pass, violation } from '../../define.js';
import type { Frame } from '../../../wire/trace.js';
import { onBareConnection } from '../../probes/protocol/bare-connection.js';
import { describeAnswer } from '../../probes/protocol/probe.js';

const QUIET_MS = 500;

export default defineCheck({
  id: 'protocol.legacy-quiet-before-initialized',
  title: 'Before initialized, the server sends no requests but pings',
  suite: 'protocol',
  requirements: ['LIFE-L4'],
  eras: ['legacy'],
  spec: '2025-11-25/basic/lifecycle#initialization',
  freshProcesses: 1,
  async run(ctx) {
    const { answer, watched: early } = await onBareConnection(ctx, LATEST_LEGACY_VERSION, async (answer, trace): Promise<Frame[]> => {
      if (!answer.response) return [];
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      return trace.frames.filter((frame) => frame.direction === 'receive' && isRequest(frame.message) && frame.message.method !== 'ping');
    });
    // No answer to initialize: the connection never reached the phase this rule is about.
    if (!answer.response)
      return incomplete('initialize-unanswered', `initialize got ${describeAnswer(answer)}, so there was no time before initialized to watch`);
    if (early.length > 0) {
      const methods = [...new Set(early.map((frame) => (frame.message as { method: string }).method))].join(', ');
      return violation(
        'request-before-initialized',
        `before the initialized notification the server sent ${methods}; only pings (and log notifications) may come then`,
        [{ frames: [...answer.own, ...early.slice(0, 5)] }],
      );
    }
    return pass(`nothing but pings and notifications came in the ${QUIET_MS} ms after initialize, without initialized`);
  },
});
