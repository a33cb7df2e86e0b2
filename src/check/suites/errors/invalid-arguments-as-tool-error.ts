/**
 * SEP-1303 (2025-11-25 onward): input validation failures are tool execution errors, a result
 * with isError: true that the model can read and correct, not a JSON-RPC protocol error.
 * Decision (DIGEST §5 ambiguity): the official example InvalidParamsError/invalid-tool-arguments
 * still shows -32602 for a missing argument, and SDKs still send it, so -32602 is a SHOULD-level
 * warning here, not a failure. A call that succeeds is errors.invalid-arguments-rejected's failure.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation, incomplete } from '../../define.js';
import { clip, describeAnswer, errorOf, evidenceOf } from '../protocol/probe.js';
import { callWithInvalidArguments, NO_TOOLS } from './invalid-arguments.js';

/** The first revision with SEP-1303. */
const SEP_1303_REVISION = '2025-11-25';

export default defineCheck({
  id: 'errors.invalid-arguments-as-tool-error',
  title: 'Arguments that break the inputSchema get a result with isError: true',
  suite: 'errors',
  requirements: ['TOOL-12'],
  eras: ['modern', 'legacy'],
  transports: ['stdio', 'http'],
  requires: ['tools'],
  spec: 'server/tools#error-handling',
  async run(ctx) {
    if (ctx.era === 'legacy' && ctx.client.protocolVersion < SEP_1303_REVISION) {
      return skip(`the session speaks ${ctx.client.protocolVersion}; input validation errors became tool errors in ${SEP_1303_REVISION} (SEP-1303)`);
    }
    const call = await callWithInvalidArguments(ctx);
    if (typeof call === 'string') return call === NO_TOOLS ? skip(call) : incomplete('no-callable-tool', call);
    const { answer } = call;
    const evidence = [evidenceOf(answer)];
    const sent = `tools/call of "${call.tool}" with ${clip(JSON.stringify(call.args), 120)} (${call.broken})`;
    if (errorOf(answer)) {
      return violation('protocol-error', `${sent} got ${describeAnswer(answer)}; input validation errors should be a result with isError: true (SEP-1303), which the model can read and correct`, evidence);
    }
    const result = answer.response?.result;
    if (isObject(result) && result.isError === true) return pass(`${sent} got a result with isError: true`, evidence);
    return skip(`${sent} was not rejected as a tool error (${describeAnswer(answer)}); errors.invalid-arguments-rejected judges that`);
  },
});
