/**
 * A 2026-07-28 server never answers with the retired codes (BASE-16, MUST NOT): -32002 (resource
 * not found, now -32602) and -32042 (URL elicitation required, now an input_required result).
 * mcpvet provokes the errors a legacy-minded server would give them for (an unknown resource,
 * tool and prompt), then, running last, looks at every answer of the run.
 */
import type { McpClient } from '../../../client/types.js';
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject, isResponse } from '../../../protocol/jsonrpc.js';
import type { Frame } from '../../../wire/trace.js';
import { defineCheck, pass, violation } from '../../define.js';
import { probeUnknownUri } from '../../probes/resources/unknown-uri.js';

const RETIRED: Record<number, string> = {
  [ErrorCode.LegacyResourceNotFound]: 'resource not found (2026-07-28 uses -32602)',
  [ErrorCode.LegacyUrlElicitationRequired]: 'URL elicitation required (2026-07-28 asks for input with an input_required result)',
};

const UNKNOWN = 'mcpvet-no-such-name-7f3a';

export default defineCheck({
  id: 'protocol.retired-error-codes',
  title: 'No -32002 or -32042 answers (retired in 2026-07-28)',
  suite: 'protocol',
  requirements: ['BASE-16'],
  eras: ['modern'],
  spec: 'basic/index#error-codes',
  final: true,
  async run(ctx) {
    await provoke(ctx.client);
    // A connection that sent initialize is a legacy one, where both codes are still in use.
    const traces = ctx.traces().filter((trace) => !trace.frames.some(isInitialize));
    const answers = traces.flatMap((trace) =>
      trace.frames.filter((frame) => frame.direction === 'receive' && frame.kind === 'message' && isResponse(frame.message)),
    );
    const retired = answers.filter((frame) => retiredCode(frame) !== undefined);
    if (retired.length === 0) return pass(`none of the run's ${answers.length} answer(s) used -32002 or -32042`);
    const codes = [...new Set(retired.map((frame) => retiredCode(frame)!))];
    return violation(
      'retired-code',
      `${retired.length} answer(s) used ${codes.map((code) => `${code} (${RETIRED[code]})`).join(' and ')}; a 2026-07-28 server must not emit these codes`,
      [{ frames: retired.slice(0, 5) }],
    );
  },
});

/** The errors a legacy server answers with a retired code: nothing runs (the names are unknown). */
async function provoke(client: McpClient): Promise<void> {
  const capabilities = client.serverCapabilities;
  if (isObject(capabilities.resources)) await probeUnknownUri(client);
  if (isObject(capabilities.tools)) await client.callTool(UNKNOWN, {});
  if (isObject(capabilities.prompts)) await client.getPrompt(UNKNOWN, {});
}

function isInitialize(frame: Frame): boolean {
  return frame.direction === 'send' && isObject(frame.message) && frame.message.method === 'initialize';
}

function retiredCode(frame: Frame): number | undefined {
  const error = isObject(frame.message) && isObject(frame.message.error) ? frame.message.error : undefined;
  return typeof error?.code === 'number' && error.code in RETIRED ? error.code : undefined;
}
