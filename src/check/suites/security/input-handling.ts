/**
 * Hostile inputs to the tools mcpvet may call: a wrong type, a number far out of range, a 1 MB
 * string, a 100,000-element array, and path traversal strings where a parameter names a path.
 * Any answer in time is fine here (whether it should be isError or -32602 is the errors suite's
 * business, graded there on TOOL-13); a crash, a hang, or the contents of /etc/passwd are not,
 * and are graded on mcpvet's security rules. The probes go on a connection of their own (a fresh process on stdio), so a
 * crash takes down nothing the run still needs; a crashed stdio server is restarted for the next
 * tool, at most twice.
 */
import type { McpClient, RpcOutcome } from '../../../client/types.js';
import { TransportError } from '../../../protocol/transport-error.js';
import { pointer } from '../../../wire/json-pointer.js';
import { goodCall } from '../../arguments/good-call.js';
import { defineCheck, incomplete, pass, skip, violation } from '../../define.js';
import { stillAnswers } from '../../liveness.js';
import { hostileInputs, TRAVERSAL_MARKER, type HostileInput } from '../../probes/security/hostile-inputs.js';
import type { CheckContext, Finding } from '../../types.js';

/** Tools probed per run: enough to find a fragile handler, few enough to keep the run short. */
const MAX_TOOLS = 4;
const MAX_RESTARTS = 2;

type Outcome = { answered: RpcOutcome } | { refused: string } | { crashed: string } | { handlerFailed: string } | { hung: string };

export default defineCheck({
  id: 'security.input-handling',
  title: 'Hostile tool inputs get an answer in time, never a crash, never a file outside the tool',
  suite: 'security',
  requirements: ['SEC-INPUT-CRASH', 'SEC-INPUT-HANG', 'SEC-PATH-TRAVERSAL'],
  requires: ['tools'],
  spec: 'server/tools#security-considerations',
  freshProcesses: 1 + MAX_RESTARTS,
  async run(ctx) {
    const tools = await ctx.tools();
    if (tools.length === 0) return skip('the server lists no tools');
    const planned: { tool: string; inputs: HostileInput[] }[] = [];
    const reasons: string[] = [];
    for (const tool of tools) {
      if (planned.length >= MAX_TOOLS || ctx.signal.aborted) break;
      const good = await goodCall(ctx, tool);
      const base = good.succeeded?.candidate.args;
      if (!base) {
        reasons.push(good.reason ?? `no call of "${String(tool.name)}" with valid arguments succeeded`);
        continue;
      }
      const inputs = hostileInputs(tool.inputSchema, base);
      if (inputs.length > 0) planned.push({ tool: String(tool.name), inputs });
    }
    if (planned.length === 0)
      return incomplete('no-callable-tool', `no tool could be sent hostile inputs: ${reasons.slice(0, 3).join('; ') || 'no tool has a property to vary'}`);
    return probe(ctx, planned);
  },
});

async function probe(ctx: CheckContext, planned: { tool: string; inputs: HostileInput[] }[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  let sent = 0;
  let restarts = 0;
  let client = await ctx.openClient();
  for (const { tool, inputs } of planned) {
    for (const input of inputs) {
      if (ctx.signal.aborted) return findings.length ? findings : [pass(`${sent} hostile input(s) answered in time`)];
      const from = client.trace.frames.length;
      const outcome = await send(client, tool, input, ctx.timeoutMs);
      sent++;
      const where = { tool, pointer: pointer('/inputSchema/properties', input.property) };
      const evidence = [ctx.evidence({ from, to: client.trace.frames.length - 1 }, client)];
      // Over HTTP a dropped connection is a crash only when the server is gone: Node itself resets a
      // request whose headers are too large (a 1 MB value mirrored into an Mcp-Param header).
      if ('crashed' in outcome && ctx.target.transport === 'http' && !(await stillAnswers(client, ctx.timeoutMs))) continue;
      if ('crashed' in outcome) {
        findings.push({
          ...violation('crashed', `"${tool}" with ${input.sent} (${input.kind}): the server stopped (${outcome.crashed})`, evidence, where),
          requirement: 'SEC-INPUT-CRASH',
        });
        if (ctx.target.transport !== 'stdio' || restarts++ >= MAX_RESTARTS) return findings;
        client = await ctx.openClient();
        break;
      }
      if ('hung' in outcome) {
        const gone = await stillAnswers(client, ctx.timeoutMs);
        const after = gone ? `, and then stopped answering at all (${gone})` : '';
        findings.push({
          ...violation(
            gone ? 'unresponsive' : 'hung',
            `"${tool}" with ${input.sent} (${input.kind}): no answer in ${ctx.timeoutMs} ms${after}`,
            evidence,
            where,
          ),
          requirement: gone ? 'SEC-INPUT-CRASH' : 'SEC-INPUT-HANG',
        });
        if (gone) return findings;
        break;
      }
      if ('handlerFailed' in outcome) {
        findings.push({
          ...violation('no-answer', `"${tool}" with ${input.sent} (${input.kind}): no JSON-RPC answer came back (${outcome.handlerFailed})`, evidence, where),
          requirement: 'SEC-INPUT-CRASH',
        });
        continue;
      }
      if ('refused' in outcome) continue;
      const leaked = traversalLeak(input, outcome.answered);
      if (leaked) findings.push({ ...violation(input.kind, `"${tool}" with ${input.sent}: ${leaked}`, evidence, where), requirement: 'SEC-PATH-TRAVERSAL' });
    }
  }
  return findings.length
    ? findings
    : [pass(`${sent} hostile input(s) to ${planned.map((p) => `"${p.tool}"`).join(', ')} were answered in time; no file outside a tool came back`)];
}

async function send(client: McpClient, tool: string, input: HostileInput, timeoutMs: number): Promise<Outcome> {
  try {
    return { answered: await client.request('tools/call', { name: tool, arguments: input.args }, { timeoutMs }) };
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    if (error.kind === 'timeout') return { hung: error.message };
    const status = error.detail.status;
    // A 4xx (413 Payload Too Large above all) is a refusal in time; a 5xx with no JSON-RPC answer is a handler that broke.
    if (error.kind === 'http' && status !== undefined && status < 500) return { refused: error.message };
    if (error.kind === 'http' || error.kind === 'protocol') return { handlerFailed: error.message };
    return { crashed: error.message };
  }
}

/** The answer holds the first lines of /etc/passwd or win.ini: the path reached outside the tool. */
function traversalLeak(input: HostileInput, outcome: RpcOutcome): string | undefined {
  if (input.kind !== 'path-traversal' && input.kind !== 'absolute-path') return undefined;
  if (!outcome.result || outcome.result.isError === true) return undefined;
  if (!TRAVERSAL_MARKER.test(JSON.stringify(outcome.result))) return undefined;
  return input.kind === 'path-traversal'
    ? 'the result holds the contents of a system file: the path escaped the folder the tool works in'
    : 'the result holds the contents of a system file: the tool reads any absolute path, not only those of its domain';
}
