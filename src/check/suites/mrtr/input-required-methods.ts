/**
 * `input_required` is allowed only as the answer to tools/call, resources/read and prompts/get
 * (DIGEST §7). Judged over every response of the run, after a few requests of its own.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, pass, violation } from '../../define.js';
import { inputRequiredResponses, serverMessages } from '../../probes/mrtr/trace-scan.js';

const ALLOWED = ['tools/call', 'resources/read', 'prompts/get'];
const LISTS = { tools: 'tools/list', resources: 'resources/list', prompts: 'prompts/list' } as const;

export default defineCheck({
  id: 'mrtr.input-required-methods',
  title: 'input_required answers only tools/call, resources/read and prompts/get',
  suite: 'mrtr',
  requirements: ['MRTR-01'],
  eras: ['modern'],
  spec: 'basic/patterns/mrtr#where-it-is-allowed',
  final: true,
  async run(ctx) {
    // Requests that must never ask for input, so even a run of this check alone has something to judge.
    await ctx.client.request('server/discover', {}).catch(() => undefined);
    for (const [capability, method] of Object.entries(LISTS)) {
      if (isObject(ctx.client.serverCapabilities[capability])) await ctx.client.request(method, {}).catch(() => undefined);
    }
    const found = inputRequiredResponses(ctx.traces());
    const wrong = found.filter((entry) => !entry.method || !ALLOWED.includes(entry.method));
    if (wrong.length === 0) {
      const responses = ctx.traces().reduce((count, trace) => count + [...serverMessages(trace)].filter((entry) => entry.method).length, 0);
      return pass(
        `${responses} responses in the run examined: ${found.length ? `the ${found.length} input_required answer(s) are all to ${ALLOWED.join(', ')}` : 'none of them is input_required'}`,
      );
    }
    const methods = [...new Set(wrong.map((entry) => entry.method ?? 'a request mcpvet cannot match'))];
    return violation(
      'method-not-allowed',
      `the server answered ${methods.join(', ')} with resultType "input_required"; only ${ALLOWED.join(', ')} may ask for input (multi round-trip requests)`,
      [{ frames: wrong.slice(0, 5).map((entry) => entry.frame) }],
    );
  },
});
