/**
 * Whether the server serves tasks (the 2025-11-25 capability or the 2026 extension), and the
 * tools a tasks check may run: those the call policy lets it call.
 */
import type { JsonObject } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { TASKS_EXTENSION_ID } from '../../../protocol/schemas/result-rules.js';
import type { CheckContext, NotJudged } from '../../types.js';
import { sampleObject } from '../mrtr/sample-values.js';
import { toolArguments } from '../../arguments/call.js';

export { TASKS_EXTENSION_ID };
/** Requested retention of the tasks a check creates (the server may choose another). */
export const TASK_TTL_MS = 60_000;
/** Capabilities of a modern client that declares the tasks extension. */
export const WITH_TASKS_EXTENSION: JsonObject = { extensions: { [TASKS_EXTENSION_ID]: {} } };

/** 2025-11-25: the server declared task-augmented tools/call. */
export function legacyToolTasks(capabilities: JsonObject): boolean {
  const tasks = capabilities.tasks;
  return isObject(tasks) && isObject(tasks.requests) && isObject(tasks.requests.tools) && isObject(tasks.requests.tools.call);
}

/** 2026-07-28: server/discover advertises the tasks extension. */
export function modernTasksExtension(capabilities: JsonObject): boolean {
  return isObject(capabilities.extensions) && isObject(capabilities.extensions[TASKS_EXTENSION_ID]);
}

export const taskSupportOf = (tool: JsonObject): string =>
  isObject(tool.execution) && typeof tool.execution.taskSupport === 'string' ? tool.execution.taskSupport : 'forbidden';

export interface CallableTool {
  name: string;
  args: JsonObject;
  tool: JsonObject;
}

/**
 * Listed tools the call policy lets the check call, keeping those `accept` takes (e.g. a
 * taskSupport value); NotJudged when none is left, saying why.
 */
export async function callableTools(ctx: CheckContext, accept: (tool: JsonObject) => boolean, what: string): Promise<CallableTool[] | NotJudged> {
  const candidates = (await ctx.tools()).filter(accept);
  if (candidates.length === 0) return { skip: `the server lists no ${what}` };
  const allowed: CallableTool[] = [];
  const reasons: string[] = [];
  for (const tool of candidates) {
    const policy = ctx.callPolicy(tool);
    if (!policy.allowed) {
      reasons.push(policy.reason);
      continue;
    }
    // The server's own values first (src/check/arguments); made-up ones when nothing fits.
    const chosen = await toolArguments(ctx, tool);
    allowed.push({ name: String(tool.name), args: chosen.candidates?.[0]?.args ?? sampleObject(tool.inputSchema), tool });
  }
  if (allowed.length > 0) return allowed;
  return { skip: `no ${what} may be called (${reasons[0]})`, incomplete: 'no-callable-tool' };
}
