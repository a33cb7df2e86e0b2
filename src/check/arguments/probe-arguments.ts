/**
 * Arguments for a probe that calls an allowed tool to test something else (a header, a scope, a
 * stream): arguments the tool is known to take, so that a refusal can only be about what the
 * probe changed. The --calls file's first, then those of the run's good call (shared, made once
 * per tool per run: tools.valid-call-succeeds makes it anyway), then the best candidate (the
 * server's own values first), then values made up from the schema.
 */
import type { JsonObject } from '../../client/types.js';
import { sampleObject } from '../probes/mrtr/sample-values.js';
import type { CheckContext } from '../types.js';
import { toolArguments } from './call.js';
import { goodCall } from './good-call.js';

export async function probeArguments(ctx: CheckContext, tool: Record<string, unknown>): Promise<JsonObject> {
  const policy = ctx.callPolicy(tool);
  if (policy.allowed && policy.args) return policy.args as JsonObject;
  const good = await goodCall(ctx, tool);
  if (good.succeeded) return good.succeeded.candidate.args;
  const chosen = await toolArguments(ctx, tool);
  return chosen.candidates?.[0]?.args ?? sampleObject(tool.inputSchema);
}
