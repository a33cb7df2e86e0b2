/**
 * tools/list may differ by token, never by connection: for each other token the run has
 * (--token-low-scope / --token-other-user) two fresh connections (fresh sessions in the legacy
 * era) list the same tools. The run's own credential is tools.set-stable-across-connections'
 * subject: judging it here too would report the same fault twice. 2026-07-28 lets the set vary "by the
 * authorization presented" but not per connection (TOOL-04, MUST NOT); a different order breaks
 * only the deterministic-order SHOULD (TOOL-05). 2025-11-25 states neither: there it is a note
 * (ADV-02). Messages name a token by its role, never by its value.
 */
import type { JsonObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, incomplete, notJudged, pass, violation } from '../../define.js';
import { isNotJudged, unauthenticated } from '../../probes/auth/auth-probe.js';
import { openAs } from '../../probes/auth/tool-call.js';
import { listDifference, onlyOrderDiffers } from '../../probes/stateless/lists.js';
import { listingFrames, listPages } from '../../probes/tools/list-pages.js';
import type { CheckContext, Evidence, Finding } from '../../types.js';

interface Role {
  /** "the low-scope token (--token-low-scope)". */
  name: string;
  token: string;
}

type Listed = { tools: JsonObject[]; evidence: Evidence } | { problem: string };

export default defineCheck({
  id: 'auth.tools-list-stable-per-token',
  title: 'Each token sees the same tools on every connection',
  suite: 'auth',
  requirements: ['TOOL-04', 'TOOL-05', 'ADV-02'],
  transports: ['http'],
  requires: ['tools'],
  spec: 'server/tools#listing-tools',
  async run(ctx) {
    const protection = await unauthenticated(ctx);
    if (isNotJudged(protection)) return notJudged(protection);
    const roles: Role[] = [];
    if (ctx.tokens.lowScope) roles.push({ name: 'the low-scope token (--token-low-scope)', token: ctx.tokens.lowScope });
    if (ctx.tokens.otherUser) roles.push({ name: "the other identity's token (--token-other-user)", token: ctx.tokens.otherUser });
    if (roles.length === 0)
      return incomplete(
        'no-token',
        "no other token was given; pass another identity's token with --token-other-user or a low-scope one with --token-low-scope (the run's own credential is tools.set-stable-across-connections' subject)",
      );
    const findings: Finding[] = [];
    const compared: string[] = [];
    const unusable: string[] = [];
    for (const role of roles) {
      // One after the other: two listings of one token must not overlap (a server may count them).
      const first = await listOnFreshConnection(ctx, role);
      if ('problem' in first) {
        unusable.push(`${role.name}: ${first.problem}`);
        continue;
      }
      const second = await listOnFreshConnection(ctx, role);
      if ('problem' in second) {
        unusable.push(`${role.name}: ${second.problem}`);
        continue;
      }
      const difference = listDifference(first.tools, second.tools);
      if (!difference) {
        compared.push(`${role.name} (${first.tools.length} tools)`);
        continue;
      }
      const evidence = [first.evidence, second.evidence];
      const where = { method: 'tools/list' };
      if (onlyOrderDiffers(first.tools, second.tools)) {
        findings.push({
          ...violation(
            'order-differs',
            `with ${role.name}, tools/list on two fresh connections has the same tools in another order: ${difference}; tools should come in a deterministic order`,
            evidence,
            where,
          ),
          requirement: 'TOOL-05',
        });
      } else {
        findings.push({
          ...violation(
            'tools-differ',
            `with ${role.name}, tools/list on two fresh connections differs: ${difference}; the tool set may vary with the token, but not with the connection`,
            evidence,
            where,
          ),
          requirement: 'TOOL-04',
        });
      }
    }
    if (findings.length > 0) return findings;
    const notGiven = [ctx.tokens.lowScope ? '' : '--token-low-scope', ctx.tokens.otherUser ? '' : '--token-other-user'].filter(Boolean);
    const notes = [unusable.length ? `not compared: ${unusable.join('; ')}` : '', notGiven.length ? `not given: ${notGiven.join(', ')}` : '']
      .filter(Boolean)
      .join('; ');
    if (compared.length === 0)
      return incomplete(
        'no-listing',
        `no other token's listings could be compared (${notes}); pass another identity's token with --token-other-user or a low-scope one with --token-low-scope`,
      );
    return pass(`each token listed the same tools, in the same order, on two fresh connections: ${compared.join(', ')}${notes ? ` (${notes})` : ''}`);
  },
});

/** tools/list (every page) on a new connection carrying only the role's token. */
async function listOnFreshConnection(ctx: CheckContext, role: Role): Promise<Listed> {
  const client = await openAs(ctx, role.token);
  if ('problem' in client) return { problem: `a fresh connection was refused (${client.problem})` };
  const listing = await listPages(client, 'tools/list');
  if (listing.problem) return { problem: listing.problem.message };
  return { tools: listing.items as JsonObject[], evidence: ctx.evidence(listingFrames(listing), client) };
}
