/**
 * Response poisoning: what tools return goes to the model as it is, so an injected order in a
 * result works like one in a description. The tools the call policy allows are called once with
 * good arguments (the run's shared good call: nothing new is sent when another check already made
 * it), and every answer (content text, resource links, embedded text, structuredContent strings,
 * error texts) is scanned with the poisoning detectors. Base64 in a result is ordinary (a file,
 * an image): encoded runs count only when they decode to an injection.
 */
import { displayQuote, findPoisoning } from '../../../scan/poisoning.js';
import { resultTexts } from '../../../scan/poison-texts.js';
import type { ArgumentAttempt } from '../../arguments/call.js';
import { goodCall } from '../../arguments/good-call.js';
import { defineCheck, incomplete, pass, skip } from '../../define.js';
import { summarize } from '../../probes/tools/answer.js';
import { listedTools } from '../../probes/tools/listed-tools.js';
import type { CheckContext, Finding } from '../../types.js';
import { boundFindings, poisonFinding, ScanBudget } from '../../probes/security/poison-finding.js';

/** Tools called per run (each good call may take a few attempts). */
const MAX_CALLED = 20;
/** Tools looked at for one that may be called (a server may list 200,000). */
const MAX_LOOKED_AT = 1_000;

export default defineCheck({
  id: 'security.response-poisoning',
  title: 'Tool results carry no instructions aimed at the model, leak requests or invisible characters',
  suite: 'security',
  requirements: ['SEC-RESPONSE-POISONING'],
  requires: ['tools'],
  spec: 'server/tools#security-considerations',
  async run(ctx) {
    const listed = await listedTools(ctx);
    if (!listed.tools) return listed.skipped;
    if (listed.tools.length === 0) return skip('the server lists no tools');
    const names = listed.tools.map((tool) => tool.name).filter((name): name is string => typeof name === 'string');
    const findings: Finding[] = [];
    const budget = new ScanBudget();
    const notCalled: string[] = [];
    let answers = 0;
    let called = 0;
    for (const tool of listed.tools.slice(0, MAX_LOOKED_AT)) {
      if (ctx.signal.aborted || called === MAX_CALLED) break;
      const name = String(tool.name);
      const call = await goodCall(ctx, tool);
      if (call.reason !== undefined) {
        notCalled.push(call.reason);
        continue;
      }
      called++;
      for (const attempt of call.attempts.filter((a) => a.outcome)) {
        answers++;
        findings.push(...scanAnswer(ctx, name, attempt, names, budget));
      }
    }
    if (called === 0)
      return incomplete(
        'no-callable-tool',
        `no tool may be called: ${summarize(notCalled, 3)}; allow tools with --allow-call or give their arguments in a --calls file`,
      );
    if (findings.length > 0) return [...boundFindings(findings), ...budget.note()];
    const left = notCalled.length > 0 ? `; ${notCalled.length} tool(s) not called (allow them with --allow-call or --calls)` : '';
    return [
      ...budget.note(),
      pass(`${answers} answer(s) of ${called} tool(s) scanned: no hidden instructions, leak requests, orders to other tools or invisible characters${left}`),
    ];
  },
});

function scanAnswer(ctx: CheckContext, tool: string, attempt: ArgumentAttempt, toolNames: string[], budget: ScanBudget): Finding[] {
  const outcome = attempt.outcome!;
  const found = resultTexts(outcome).flatMap(({ text, pointer }) =>
    budget.take(text)
      ? findPoisoning(text, { kind: 'text', encoded: 'instructions', otherTools: toolNames, self: tool }).map((span) => ({ span, pointer }))
      : [],
  );
  if (found.length === 0) return [];
  const evidence = [{ ...ctx.evidence(outcome.frames), note: `arguments: ${attempt.sources}` }];
  return found.map(({ span, pointer }) =>
    poisonFinding(span, `the result of "${displayQuote(tool, 80)}" ${pointer}`, { tool, pointer }, evidence, 'SEC-RESPONSE-POISONING'),
  );
}
