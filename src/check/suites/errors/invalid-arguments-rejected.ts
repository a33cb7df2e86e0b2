/**
 * A tool called with arguments its inputSchema rejects does not run as if they were fine:
 * servers MUST validate all tool inputs (server/tools "Security Considerations"). Both probes
 * count: a property of the wrong type and a required property left out. Either a result with
 * isError: true or a JSON-RPC error counts as rejected here; which of the two is the better
 * answer is errors.invalid-arguments-as-tool-error's business. A rejection is credited only when
 * the same tool took valid arguments (a tool that fails every call proves nothing by failing this).
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, skip, violation, incomplete } from '../../define.js';
import { clip, describeAnswer, errorOf, evidenceOf } from '../../probes/protocol/probe.js';
import { callWithInvalidArguments, NO_TOOLS, uncredited, type InvalidCall } from '../../probes/errors/invalid-arguments.js';

type Verdict = { rejected: true; how: string } | { rejected: false; code: string; why: string } | { undecided: string };

export default defineCheck({
  id: 'errors.invalid-arguments-rejected',
  title: 'Arguments that break the inputSchema are rejected',
  suite: 'errors',
  requirements: ['TOOL-13'],
  requires: ['tools'],
  spec: 'server/tools#security-considerations',
  async run(ctx) {
    const calls = await callWithInvalidArguments(ctx);
    if (typeof calls === 'string') return calls === NO_TOOLS ? skip(calls) : incomplete('no-callable-tool', calls);
    const evidence = calls.map((call) => evidenceOf(call.answer));
    const verdicts = calls.map((call) => ({ call, sent: describeCall(call), verdict: judge(call) }));
    const accepted = verdicts.find((v) => 'rejected' in v.verdict && !v.verdict.rejected);
    if (accepted && 'why' in accepted.verdict) return violation(accepted.verdict.code, `${accepted.sent} ${accepted.verdict.why}`, evidence);
    const judged = verdicts.filter((v) => 'rejected' in v.verdict);
    // A tool that rejects every call rejects bad arguments too: that says nothing about validation.
    const rejected = judged.filter((v) => v.call.good.succeeded);
    if (judged.length > 0 && rejected.length === 0) return incomplete('no-good-call', uncredited(judged.map((v) => v.call)));
    if (rejected.length === 0)
      return incomplete('input-required', verdicts.map((v) => `${v.sent} ${'undecided' in v.verdict ? v.verdict.undecided : ''}`).join('; '));
    return pass(rejected.map((v) => `${v.sent} was rejected with ${'how' in v.verdict ? v.verdict.how : ''}`).join('; '), evidence);
  },
});

const describeCall = (call: InvalidCall): string => `tools/call of "${call.tool}" with ${clip(JSON.stringify(call.args), 120)} (${call.broken})`;

function judge(call: InvalidCall): Verdict {
  const { answer } = call;
  if (errorOf(answer)) return { rejected: true, how: describeAnswer(answer) };
  const result = answer.response?.result;
  if (!isObject(result))
    return {
      rejected: false,
      code: 'no-result',
      why: `got ${describeAnswer(answer)}; invalid arguments must be rejected with a result with isError: true (or a -32602 error)`,
    };
  if (result.isError === true) return { rejected: true, how: 'a result with isError: true' };
  if (result.resultType === 'input_required') return { undecided: 'asked for input (input_required) instead of answering; mcpvet does not answer it here' };
  return {
    rejected: false,
    code: 'accepted',
    why: `succeeded (${clip(JSON.stringify(result.content ?? result), 160)}); the server must validate tool inputs and reject these with isError: true`,
  };
}
