/**
 * What the low-scope token (--token-low-scope) is refused, and where: the plain request first
 * (a token without the base scope), else tools/call of the tools it does not see in its own
 * tools/list, then of the others, as far as the call policy allows. The first refusal is the
 * step-up challenge the scope checks judge.
 */
import type { CheckContext, Evidence } from '../../types.js';
import { probeArguments } from '../../arguments/probe-arguments.js';
import { accepted, sendAs, type AuthAnswer } from './auth-probe.js';
import { bearerChallenge, type BearerChallenge } from './challenge.js';
import { callAs, refused } from './tool-call.js';

export interface Refusal {
  status?: number;
  challenge?: BearerChallenge;
  /** The tool whose call was refused; none when the plain request was. */
  tool?: string;
  label: string;
  evidence: Evidence[];
}

export interface ScopeProbe {
  refusal?: Refusal;
  /** Tools the token's own tools/list leaves out. */
  hidden: string[];
  /** Hidden tools whose call was served to the token anyway. */
  hiddenServed: { tool: string; evidence: Evidence[] }[];
  /** Why tools were not tried (the call policy). */
  notCalled: string[];
}

export async function probeLowScope(ctx: CheckContext, token: string): Promise<ScopeProbe> {
  const plain = await sendAs(ctx, { kind: 'bearer', token });
  if (!accepted(plain)) return { refusal: refusalOf(ctx, plain), hidden: [], hiddenServed: [], notCalled: [] };
  if (ctx.target.transport !== 'http') return { hidden: [], hiddenServed: [], notCalled: [] };
  const client = await ctx.openClient({ target: { transport: 'http', url: ctx.target.url, headers: { authorization: `Bearer ${token}` } }, ownVerdict: true });
  const all = await ctx.tools();
  const seen = new Set((await client.listAll('tools/list').catch(() => [])).map((tool) => tool.name));
  const hidden = all.filter((tool) => !seen.has(tool.name));
  const probe: ScopeProbe = { hidden: hidden.map((tool) => String(tool.name)), hiddenServed: [], notCalled: [] };
  for (const tool of [...hidden, ...all.filter((candidate) => seen.has(candidate.name))]) {
    const policy = ctx.callPolicy(tool);
    if (!policy.allowed) {
      probe.notCalled.push(`${String(tool.name)}: ${policy.reason}`);
      continue;
    }
    const name = String(tool.name);
    const outcome = await callAs(client, tool, await probeArguments(ctx, tool));
    if (!outcome) continue;
    const evidence = [ctx.evidence(outcome.frames, client)];
    if (refused(outcome)) {
      probe.refusal = {
        status: outcome.http?.status,
        challenge: bearerChallenge(outcome.http?.headers['www-authenticate']),
        tool: name,
        label: `tools/call ${name} with the low-scope token`,
        evidence,
      };
      return probe;
    }
    if (!seen.has(tool.name)) probe.hiddenServed.push({ tool: name, evidence });
  }
  return probe;
}

function refusalOf(_ctx: CheckContext, answer: AuthAnswer): Refusal {
  return { status: answer.status, challenge: answer.challenge, label: `${answer.label} (the low-scope token)`, evidence: answer.evidence };
}
