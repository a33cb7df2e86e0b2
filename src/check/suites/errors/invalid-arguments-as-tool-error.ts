/**
 * SEP-1303 (2025-11-25 onward): input validation failures are tool execution errors, a result
 * with isError: true that the model can read and correct, not a JSON-RPC protocol error; for a
 * wrong type and a missing required argument alike.
 * Decision (DIGEST §5 ambiguity): the official example InvalidParamsError/invalid-tool-arguments
 * still shows -32602 for a missing argument, and SDKs still send it, so -32602 is a SHOULD-level
 * warning here, not a failure. A call that succeeds is errors.invalid-arguments-rejected's failure.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation, incomplete } from '../../define.js';
import { clip, describeAnswer, errorOf, evidenceOf } from '../../probes/protocol/probe.js';
import { callWithInvalidArguments, NO_TOOLS, uncredited, type InvalidCall } from '../../probes/errors/invalid-arguments.js';

/** The first revision with SEP-1303. */
const SEP_1303_REVISION = '2025-11-25';

export default defineCheck({
  id: 'errors.invalid-arguments-as-tool-error',
  title: 'Arguments that break the inputSchema get a result with isError: true',
  suite: 'errors',
  requirements: ['TOOL-12'],
  requires: ['tools'],
  spec: 'server/tools#error-handling',
  async run(ctx) {
    if (ctx.era === 'legacy' && ctx.client.protocolVersion < SEP_1303_REVISION) {
      return skip(`the session speaks ${ctx.client.protocolVersion}; input validation errors became tool errors in ${SEP_1303_REVISION} (SEP-1303)`);
    }
    const all = await callWithInvalidArguments(ctx);
    if (typeof all === 'string') return all === NO_TOOLS ? skip(all) : incomplete('no-callable-tool', all);
    // Judged only where the tool took valid arguments: a tool that errs on everything says nothing here.
    const calls = all.filter((call) => call.good.succeeded);
    if (calls.length === 0) return incomplete('no-good-call', uncredited(all));
    const evidence = calls.map((call) => evidenceOf(call.answer));
    const protocolError = calls.find((call) => errorOf(call.answer));
    if (protocolError) {
      return violation(
        'protocol-error',
        `${describeCall(protocolError)} got ${describeAnswer(protocolError.answer)}; input validation errors should be a result with isError: true (SEP-1303), which the model can read and correct`,
        evidence,
      );
    }
    const toolErrors = calls.filter((call) => isObject(call.answer.response?.result) && call.answer.response.result.isError === true);
    if (toolErrors.length === 0) {
      return skip(
        `${describeCall(calls[0]!)} was not rejected as a tool error (${describeAnswer(calls[0]!.answer)}); errors.invalid-arguments-rejected judges that`,
      );
    }
    return pass(toolErrors.map((call) => `${describeCall(call)} got a result with isError: true`).join('; '), evidence);
  },
});

const describeCall = (call: InvalidCall): string => `tools/call of "${call.tool}" with ${clip(JSON.stringify(call.args), 120)} (${call.broken})`;
