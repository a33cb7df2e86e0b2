/**
 * The 2026 tasks extension: `failed` MUST NOT stand for a non-JSON-RPC error (a tool result with
 * isError: true is `completed`, with that result), a failed task carries its JSON-RPC `error`,
 * and notifications/progress and notifications/message are not sent for tasks. A task is made to
 * meet a tool error by calling it with arguments that break its input schema (as the errors
 * suite does); what the server answers on every task exchange is watched for notifications.
 */
import type { JsonObject, RpcOutcome } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, incomplete, notJudged, pass, skip, violation } from '../../define.js';
import type { CheckContext, Finding } from '../../types.js';
import { breakArguments } from '../../probes/errors/invalid-arguments.js';
import { isJsonRpcError } from './durable-creation.js';
import { createModernTask, modernNotApplicable, type ModernTask } from '../../probes/tasks/modern-task.js';
import { pollDeadline, pollTask } from '../../probes/tasks/task-polling.js';
import { statusOf } from '../../probes/tasks/task-shape.js';

const TASK_SILENT = new Set(['notifications/progress', 'notifications/message']);

export default defineCheck({
  id: 'tasks.failed-only-on-error',
  title: 'A task fails only on a JSON-RPC error, and sends no progress or log messages',
  suite: 'tasks',
  requirements: ['TASK-X5'],
  eras: ['modern'],
  requires: ['tools'],
  spec: 'https://github.com/modelcontextprotocol/experimental-ext-tasks/blob/main/specification/draft/tasks.md#task-execution-errors',
  async run(ctx) {
    const reason = modernNotApplicable(ctx);
    if (reason) return skip(reason);
    // Arguments that break the schema: a tool error (isError) is the likely end of such a task.
    const broken = await createModernTask(ctx, (tool) => breakArguments(tool.tool.inputSchema, tool.args)[0]?.args);
    const task = 'skip' in broken ? await createModernTask(ctx) : broken;
    if ('skip' in task) return notJudged(task);
    const poll = await pollTask(ctx, task.client, task.taskId, pollDeadline(ctx));
    const findings: Finding[] = [];
    const last = poll.outcomes.at(-1);
    if (last && isObject(last.result)) findings.push(...judgeEnd(ctx, task, last));
    const noisy = [task.created, ...poll.outcomes].filter((outcome) => outcome.notifications.some(isTaskSilentNotification));
    if (noisy.length) {
      const methods = [...new Set(noisy.flatMap((outcome) => outcome.notifications.filter(isTaskSilentNotification).map((n) => String(n.method))))];
      findings.push(
        violation(
          'notification-on-task',
          `the task of "${task.tool}" came with ${methods.join(', ')}, which tasks do not support`,
          noisy.map((outcome) => ctx.evidence(outcome.frames, task.client)),
          { tool: task.tool },
        ),
      );
    }
    if (!poll.finished && !poll.error)
      findings.push(
        incomplete(
          'never-finished',
          `task ${task.taskId} was still "${poll.status ?? 'working'}" after ${pollDeadline(ctx)} ms of polling, so how it ended was not judged`,
        ),
      );
    return findings.length > 0 ? findings : pass(`the task of "${task.tool}" ended "${poll.status}" in the documented shape, with no progress or log messages`);
  },
});

function judgeEnd(ctx: CheckContext, task: ModernTask, outcome: RpcOutcome): Finding[] {
  const result = outcome.result as JsonObject;
  const evidence = [ctx.evidence(outcome.frames, task.client)];
  if (statusOf(result) !== 'failed') return [];
  if (isObject(result.result) && result.result.isError === true) {
    return [
      violation(
        'tool-error-as-failed',
        `the task of "${task.tool}" is "failed" for a tool result with isError: true, which must be "completed" with that result`,
        evidence,
        { tool: task.tool },
      ),
    ];
  }
  if (!isJsonRpcError(result.error)) {
    return [
      violation(
        'failed-without-jsonrpc-error',
        `the task of "${task.tool}" is "failed" without a JSON-RPC error (error must have an integer code and a message)`,
        evidence,
        { tool: task.tool },
      ),
    ];
  }
  return [];
}

const isTaskSilentNotification = (notification: JsonObject): boolean => TASK_SILENT.has(String(notification.method));
