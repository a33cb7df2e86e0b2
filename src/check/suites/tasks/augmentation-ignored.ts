/**
 * 2025-11-25: a receiver that does not declare task support for a request type MUST process such
 * requests normally, ignoring any task metadata. This holds for every legacy server that does
 * not declare tasks.requests.tools.call: a tools/call with `task` must be answered like the same
 * call without it (same kind of answer: a CallToolResult, or the same error code).
 */
import type { RpcOutcome } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, notJudged, pass, skip, violation } from '../../define.js';
import { describeAnswer } from '../../probes/tools/answer.js';
import { TASK_TTL_MS, callableTools, legacyToolTasks } from '../../probes/tasks/task-support.js';

export default defineCheck({
  id: 'tasks.augmentation-ignored',
  title: 'A server without task support ignores the task metadata of a request',
  suite: 'tasks',
  requirements: ['TASK-L4'],
  eras: ['legacy'],
  requires: ['tools'],
  spec: 'basic/utilities/tasks#task-support-and-handling',
  async run(ctx) {
    if (legacyToolTasks(ctx.client.serverCapabilities)) return skip('the server declares task-augmented tools/call, so a task request is its to accept');
    const tools = await callableTools(ctx, () => true, 'tool');
    if (!Array.isArray(tools)) return notJudged(tools);
    const { name, args } = tools[0]!;
    const plain = await ctx.client.callTool(name, args, { timeoutMs: ctx.timeoutMs });
    const augmented = await ctx.client.request('tools/call', { name, arguments: args, task: { ttl: TASK_TTL_MS } }, { timeoutMs: ctx.timeoutMs });
    const evidence = [ctx.evidence(plain.frames), ctx.evidence(augmented.frames)];
    if (isObject(augmented.result) && isObject(augmented.result.task)) {
      return violation(
        'task-created',
        `tools/call "${name}" with task metadata got a CreateTaskResult, but the server declares no task support for tools/call`,
        evidence,
        { tool: name },
      );
    }
    if (kindOf(plain) !== kindOf(augmented)) {
      return violation(
        'not-processed-normally',
        `tools/call "${name}" got ${describeAnswer(plain)} without task metadata but ${describeAnswer(augmented)} with it`,
        evidence,
        { tool: name },
      );
    }
    if (isObject(augmented.result) && !Array.isArray(augmented.result.content)) {
      return violation('not-processed-normally', `tools/call "${name}" with task metadata got a result without content, not a CallToolResult`, evidence, {
        tool: name,
      });
    }
    return pass(`tools/call "${name}" was answered the same way with task metadata as without`);
  },
});

/** What kind of answer: a result, or the error code (timeouts count as their own kind). */
function kindOf(outcome: RpcOutcome): string {
  if (outcome.error) return `error ${outcome.error.code}`;
  return isObject(outcome.result) ? 'result' : 'none';
}
