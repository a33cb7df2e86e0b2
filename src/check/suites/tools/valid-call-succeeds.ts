/**
 * A tool's inputSchema is "the JSON Schema defining the expected parameters" (schema, Tool): a
 * client, and the model behind it, builds calls from it. A tool whose every call with arguments
 * that schema accepts fails (the server's own ids, the schema's examples, made-up values, several
 * sets) does not take what its schema describes. No keyword: a warning (the registry grades it).
 * A tool that does not answer in time is one warning too, with the time waited: its call was
 * cancelled, and every other check goes on.
 */
import { defineCheck, incomplete, pass, skip, violation } from '../../define.js';
import type { ArgumentAttempt } from '../../arguments/call.js';
import { goodCall } from '../../arguments/good-call.js';
import { clip, describeError, summarize } from '../../probes/tools/answer.js';
import { listedTools } from '../../probes/tools/listed-tools.js';
import type { CheckContext, Evidence, Finding } from '../../types.js';
import { failureText } from '../../arguments/call.js';

/** Tools judged per run: each may take several calls. */
const MAX_TOOLS = 20;

export default defineCheck({
  id: 'tools.valid-call-succeeds',
  title: 'A call with arguments the inputSchema accepts can succeed',
  suite: 'tools',
  requirements: ['TOOL-20'],
  requires: ['tools'],
  spec: 'server/tools#tool',
  async run(ctx) {
    const listed = await listedTools(ctx);
    if (!listed.tools) return listed.skipped;
    if (listed.tools.length === 0) return skip('the server lists no tools');
    const findings: Finding[] = [];
    const worked: string[] = [];
    const notCalled: string[] = [];
    for (const tool of listed.tools.slice(0, MAX_TOOLS)) {
      if (ctx.signal.aborted) break;
      const name = String(tool.name);
      const call = await goodCall(ctx, tool);
      if (call.reason !== undefined) notCalled.push(call.reason);
      else if (call.succeeded) worked.push(`"${name}" (${call.succeeded.sources})`);
      else findings.push(judgeFailure(ctx, name, call.attempts));
    }
    if (findings.length === 0 && worked.length === 0) {
      return incomplete('no-callable-tool', `no tool was called: ${summarize(notCalled, 3)}; allow tools with --allow-call or a --calls file`);
    }
    const left = listed.tools.length > MAX_TOOLS ? `; the first ${MAX_TOOLS} of ${listed.tools.length} tools were tried` : '';
    if (worked.length > 0) findings.push(pass(`${worked.length} tool(s) answered a call with valid arguments: ${summarize(worked, 5)}${left}`));
    return findings;
  },
});

function judgeFailure(ctx: CheckContext, name: string, attempts: ArgumentAttempt[]): Finding {
  const last = attempts.at(-1);
  const evidence: Evidence[] = attempts.filter((a) => a.outcome).map((a) => ({ ...ctx.evidence(a.outcome!.frames), note: `arguments: ${a.sources}` }));
  if (last?.failure !== undefined) {
    const why = last.timedOut ? `did not answer within ${last.ms} ms; mcpvet cancelled the call` : `could not be called (${last.failure})`;
    return violation(last.timedOut ? 'no-answer' : 'call-failed', `"${name}" ${why} (arguments: ${last.sources})`, evidence, { tool: name });
  }
  const tried = attempts.map((a) => `${clip(JSON.stringify(a.candidate.args), 100)} (${a.sources}) → ${answerOf(a)}`);
  return violation(
    'no-call-succeeds',
    `"${name}" failed every call with arguments its inputSchema accepts: ${summarize(tried, 4)}; the inputSchema should describe what the tool takes (or give examples)`,
    evidence,
    { tool: name },
  );
}

function answerOf(attempt: ArgumentAttempt): string {
  const outcome = attempt.outcome!;
  if (outcome.error) return describeError(outcome.error);
  return `isError: true "${clip(failureText(outcome).trim(), 120)}"`;
}
