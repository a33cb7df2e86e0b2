/**
 * -32020..-32099 is reserved for the spec (basic/index "Error Codes"): a server MUST NOT emit an
 * undefined code from it, and the defined ones carry their meaning: -32021 with
 * data.requiredCapabilities, -32022 with data {supported, requested}, -32020 only where there are
 * headers to disagree (HTTP). The retired -32002 and -32042 must not be emitted either. Judges
 * every error the server sent in the run, after provoking two ordinary ones (an unknown method,
 * an unknown tool), which tempt servers to invent codes. New implementations SHOULD NOT use
 * -32000..-32019 either (JSON-RPC's server-error range, which legacy MCP filled): a warning.
 */
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import type { Frame } from '../../../wire/trace.js';
import { defineCheck, pass } from '../../define.js';
import type { CheckContext } from '../../types.js';
import { serverMessages, traceProblems, type TraceProblem } from '../../probes/mrtr/trace-scan.js';

const RETIRED = new Set<number>([ErrorCode.LegacyResourceNotFound, ErrorCode.LegacyUrlElicitationRequired]);

export default defineCheck({
  id: 'protocol.reserved-error-codes',
  title: 'Error codes of the reserved range are defined ones, used with their meaning',
  suite: 'protocol',
  requirements: ['BASE-15', 'BASE-17'],
  eras: ['modern'],
  spec: 'basic/index#error-codes',
  final: true,
  async run(ctx) {
    await provokeErrors(ctx);
    const problems: TraceProblem[] = [];
    const serverRange: TraceProblem[] = [];
    let errors = 0;
    for (const trace of ctx.traces()) {
      for (const { frame, message, method } of serverMessages(trace)) {
        if (!isObject(message.error) || typeof message.error.code !== 'number') continue;
        errors++;
        const code = message.error.code;
        const got = `${method ?? 'a message'} got ${code} "${String(message.error.message)}"`;
        const problem = misuse(code, message.error.data, frame);
        if (problem) problems.push({ frame, text: `${got}: ${problem}` });
        // Only answers to JSON-RPC requests: the body of a 405 to GET or DELETE (the TypeScript SDK's -32000) answers no request.
        if (code <= -32000 && code >= -32019 && method !== undefined)
          serverRange.push({ frame, text: `${got}: a code from -32000..-32019, which new implementations should not use` });
      }
    }
    const findings = [
      ...(problems.length > 0 ? [{ ...traceProblems('reserved-code-misused', problems), requirement: 'BASE-15' }] : []),
      ...(serverRange.length > 0 ? [{ ...traceProblems('server-error-range', serverRange), requirement: 'BASE-17' }] : []),
    ];
    if (findings.length > 0) return findings;
    return pass(`${errors} error responses use no undefined, retired or -32000..-32019 code, and the defined ones with their data`);
  },
});

function misuse(code: number, data: unknown, frame: Frame): string | undefined {
  if (RETIRED.has(code)) return 'a code retired in 2026-07-28, which must not be emitted';
  if (code > -32020 || code < -32099) return undefined;
  if (code === ErrorCode.HeaderMismatch) return frame.http ? undefined : '-32020 (HeaderMismatch) is about HTTP headers, and this answer came over stdio';
  if (code === ErrorCode.MissingRequiredClientCapability) {
    return isObject(data) && isObject(data.requiredCapabilities)
      ? undefined
      : '-32021 must carry data.requiredCapabilities (the capabilities the request lacked)';
  }
  if (code === ErrorCode.UnsupportedProtocolVersion) {
    return isObject(data) && Array.isArray(data.supported) && typeof data.requested === 'string' ? undefined : '-32022 must carry data {supported, requested}';
  }
  return 'a code from -32020..-32099, which is reserved for the spec, that the spec does not define';
}

async function provokeErrors(ctx: CheckContext): Promise<void> {
  await ctx.client.request('mcpvet/no-such-method', {}).catch(() => undefined);
  if (isObject(ctx.client.serverCapabilities.tools))
    await ctx.client.request('tools/call', { name: 'mcpvet-no-such-tool', arguments: {} }).catch(() => undefined);
}
