/**
 * A tool called with arguments its inputSchema rejects does not run as if they were fine:
 * servers MUST validate all tool inputs (server/tools "Security Considerations"). Either a
 * result with isError: true or a JSON-RPC error counts as rejected here; which of the two is
 * the better answer is errors.invalid-arguments-as-tool-error's business.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation, incomplete } from '../../define.js';
import { clip, describeAnswer, errorOf, evidenceOf } from '../protocol/probe.js';
import { callWithInvalidArguments, NO_TOOLS } from './invalid-arguments.js';

export default defineCheck({
  id: 'errors.invalid-arguments-rejected',
  title: 'Arguments that break the inputSchema are rejected',
  suite: 'errors',
  requirements: ['TOOL-13'],
  eras: ['modern', 'legacy'],
  transports: ['stdio', 'http'],
  requires: ['tools'],
  spec: 'server/tools#security-considerations',
  async run(ctx) {
    const call = await callWithInvalidArguments(ctx);
    if (typeof call === 'string') return call === NO_TOOLS ? skip(call) : incomplete('no-callable-tool', call);
    const { answer } = call;
    const evidence = [evidenceOf(answer)];
    const sent = `tools/call of "${call.tool}" with ${clip(JSON.stringify(call.args), 120)} (${call.broken})`;
    const error = errorOf(answer);
    if (error) return pass(`${sent} was rejected with ${describeAnswer(answer)}`, evidence);
    const result = answer.response?.result;
    if (!isObject(result)) return violation('no-result', `${sent} got ${describeAnswer(answer)}; invalid arguments must be rejected with a result with isError: true (or a -32602 error)`, evidence);
    if (result.isError === true) return pass(`${sent} was rejected with a result with isError: true`, evidence);
    if (result.resultType === 'input_required') return incomplete('input-required', `${sent} asked for input (input_required) instead of answering; mcpvet does not answer it here`);
    return violation('accepted', `${sent} succeeded (${clip(JSON.stringify(result.content ?? result), 160)}); the server must validate tool inputs and reject these with isError: true`, evidence);
  },
});
