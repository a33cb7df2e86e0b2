/**
 * tools/call of a tool that does not exist is a protocol error: a JSON-RPC error, not a result
 * (not even one with isError: true), which would let a model believe the tool ran (SEP-1303;
 * DIGEST §5 "isError semantics"). The spec's example uses -32602; another error code is
 * accepted, and named in the message.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { TransportError } from '../../../protocol/transport-error.js';
import { defineCheck, pass, violation } from '../../define.js';
import { answerOfOutcome, clip, describeAnswer, errorOf, evidenceOf } from '../../probes/protocol/probe.js';

export default defineCheck({
  id: 'errors.unknown-tool',
  title: 'Calling an unknown tool is a protocol error',
  suite: 'errors',
  requirements: ['TOOL-11'],
  requires: ['tools'],
  spec: 'server/tools#error-handling',
  async run(ctx) {
    const names = new Set((await ctx.tools()).map((tool) => tool.name));
    let name = 'mcpvet_no_such_tool';
    while (names.has(name)) name += '_';
    let outcome;
    try {
      outcome = await ctx.client.request('tools/call', { name, arguments: {} });
    } catch (error) {
      if (error instanceof TransportError) return violation('no-answer', `tools/call of the unknown tool "${name}" got no answer: ${error.message}`);
      throw error;
    }
    const answer = answerOfOutcome(ctx.client, outcome);
    const evidence = [evidenceOf(answer)];
    const sent = `tools/call of the unknown tool "${name}"`;
    const error = errorOf(answer);
    if (!error) {
      const result = answer.response?.result;
      const isError = isObject(result) && result.isError === true;
      return violation(
        'wrong-error',
        `${sent} was answered with ${isError ? `a result with isError: true (${clip(JSON.stringify(result.content), 120)})` : describeAnswer(answer)}; an unknown tool is a protocol error and must get a JSON-RPC error (-32602)`,
        evidence,
      );
    }
    if (error.code === ErrorCode.InvalidParams) return pass(`${sent} got -32602`, evidence);
    return pass(`${sent} got a JSON-RPC error, though with ${describeAnswer(answer)} where the spec's example uses -32602`, evidence);
  },
});
