/**
 * A server that returns embedded resources SHOULD implement the resources capability, so a
 * client can read and subscribe to what a tool handed it. Judged on every tools/call result of
 * the run (it runs last), after calling the tools it may call itself, read-only ones first.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, incomplete, pass, violation } from '../../define.js';
import type { Frame, Trace } from '../../../wire/trace.js';
import { serverMessages } from '../../probes/mrtr/trace-scan.js';
import { sampleArguments } from '../../probes/tools/sample-arguments.js';

const MAX_CALLS = 5;

export default defineCheck({
  id: 'tools.embedded-resources-capability',
  title: 'A server returning embedded resources declares the resources capability',
  suite: 'tools',
  requirements: ['TOOL-15'],
  requires: ['tools'],
  spec: 'server/tools#embedded-resources',
  final: true,
  async run(ctx) {
    if (isObject(ctx.client.serverCapabilities.resources))
      return pass('the server declares the resources capability, so any embedded resource can be read and subscribed to');
    const tools = await ctx.tools();
    const allowed = tools.filter((tool) => ctx.callPolicy(tool).allowed);
    const readOnlyFirst = [...allowed.filter(isReadOnly), ...allowed.filter((tool) => !isReadOnly(tool))];
    for (const tool of readOnlyFirst.slice(0, MAX_CALLS)) {
      if (ctx.signal.aborted) break;
      const policy = ctx.callPolicy(tool);
      const built = policy.allowed && policy.args ? { ok: true as const, args: policy.args } : sampleArguments(tool.inputSchema);
      if (built.ok) await ctx.client.callTool(String(tool.name), built.args).catch(() => undefined);
    }
    const results = toolResults(ctx.traces());
    const embedding = results.filter((entry) => entry.embedded > 0);
    if (embedding.length > 0) {
      return violation(
        'resources-not-declared',
        `${embedding.length} tools/call result(s) embed resources (content items of type "resource"), but the server does not declare the resources capability; a client cannot read or subscribe to them`,
        [{ frames: embedding.slice(0, 3).map((entry) => entry.frame) }],
      );
    }
    if (results.length === 0) {
      return incomplete(
        allowed.length ? 'no-tool-result' : 'no-callable-tool',
        allowed.length
          ? 'no tools/call returned a result to look for embedded resources in'
          : 'no tool may be called, so no tool result shows whether the server embeds resources (allow one with --allow-call or a --calls file)',
      );
    }
    return pass(`none of ${results.length} tools/call result(s) embeds a resource (the server does not declare resources)`);
  },
});

const isReadOnly = (tool: Record<string, unknown>): boolean => isObject(tool.annotations) && tool.annotations.readOnlyHint === true;

function toolResults(traces: Trace[]): { frame: Frame; embedded: number }[] {
  const found: { frame: Frame; embedded: number }[] = [];
  for (const trace of traces) {
    for (const entry of serverMessages(trace)) {
      if (entry.method !== 'tools/call' || !isObject(entry.message.result)) continue;
      const content = entry.message.result.content;
      const embedded = Array.isArray(content) ? content.filter((item) => isObject(item) && item.type === 'resource').length : 0;
      found.push({ frame: entry.frame, embedded });
    }
  }
  return found;
}
