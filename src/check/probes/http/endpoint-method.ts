/**
 * GET and DELETE on the MCP endpoint of a server that speaks only 2026-07-28 (DIGEST §3, "2025
 * traffic arriving at a 2026-only server"). A dual-era server still serves legacy GET streams
 * and session DELETEs, so the rule is not applied to it.
 */
import type { RpcOutcome } from '../../../client/types.js';
import { TransportError } from '../../../protocol/transport-error.js';
import type { CheckContext, Finding } from '../../types.js';
import { pass, skip, violation } from '../../define.js';
import { legacyVersionsServed } from './legacy-versions-served.js';
import { unanswered } from './unanswered.js';

export async function expect405(ctx: CheckContext, httpMethod: 'GET' | 'DELETE'): Promise<Finding> {
  const legacy = legacyVersionsServed(ctx);
  if (legacy.length > 0)
    return skip(
      `the server also serves legacy revisions (${legacy.join(', ')}), where ${httpMethod} on the endpoint has a meaning; 405 is for 2026-07-28-only servers`,
    );
  let outcome: RpcOutcome | undefined;
  try {
    outcome = await ctx.client.raw('', {
      httpMethod,
      headers: { accept: 'text/event-stream', 'mcp-protocol-version': ctx.client.protocolVersion, 'content-type': null },
    });
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    return unanswered(ctx, `${httpMethod} on the endpoint`, error.message, 'a 2026-07-28-only server should answer 405 Method Not Allowed');
  }
  const status = outcome?.http?.status;
  const evidence = outcome ? [ctx.evidence(outcome.frames)] : [];
  if (status === 405) return pass(`${httpMethod} on the endpoint got 405`);
  return violation(
    'not-405',
    `${httpMethod} on the endpoint got HTTP ${status ?? 'nothing'}; a 2026-07-28-only server answers 405 Method Not Allowed (the GET stream became subscriptions/listen, and there are no sessions to end)`,
    evidence,
  );
}
