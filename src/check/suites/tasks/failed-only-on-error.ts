/**
 * The 2026 tasks extension: `failed` MUST NOT stand for a non-JSON-RPC error (a tool result with
 * isError: true is `completed`, with that result), a failed task carries its JSON-RPC `error`,
 * and notifications/progress and notifications/message are not sent for tasks. A task is made to
 * meet a tool error by calling it with arguments that break its input schema (as the errors
 * suite does); what the server answers on every task exchange is watched for notifications, and
 * so is a subscriptions/listen stream for the task while it runs (they MUST NOT come on it).
 */
import type { JsonObject, RpcOutcome } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, incomplete, notJudged, pass, skip, violation } from '../../define.js';
import type { Frame } from '../../../wire/trace.js';
import type { CheckContext, Evidence, Finding } from '../../types.js';
import { breakArguments } from '../../probes/errors/invalid-arguments.js';
import { isJsonRpcError } from './durable-creation.js';
import { createModernTask, modernNotApplicable, type ModernTask } from '../../probes/tasks/modern-task.js';
import { listenToTask } from '../../probes/tasks/task-listen.js';
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
  freshProcesses: 2,
  async run(ctx) {
    const reason = modernNotApplicable(ctx);
    if (reason) return skip(reason);
    // Arguments that break the schema: a tool error (isError) is the likely end of such a task.
    const broken = await createModernTask(ctx, (tool) => breakArguments(tool.tool.inputSchema, tool.args)[0]?.args);
    const task = 'skip' in broken ? await createModernTask(ctx) : broken;
    if ('skip' in task) return notJudged(task);
    const listen = await listenToTask(ctx, task.client, task.taskId);
    const poll = await pollTask(ctx, task.client, task.taskId, pollDeadline(ctx)).finally(() => listen.stop());
    const findings: Finding[] = [...judgeStream(task, listen.messages())];
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
  if (statusOf(result) !== 'failed') return [];
  return judgeFailed(task, result, [ctx.evidence(outcome.frames, task.client)], 'tasks/get');
}

/** A `failed` task (a tasks/get answer or a notifications/tasks): only for a JSON-RPC error, which it carries. */
function judgeFailed(task: ModernTask, result: JsonObject, evidence: Evidence[], seenIn: string): Finding[] {
  if (isObject(result.result) && result.result.isError === true) {
    return [
      violation(
        'tool-error-as-failed',
        `the task of "${task.tool}" is "failed" (${seenIn}) for a tool result with isError: true, which must be "completed" with that result`,
        evidence,
        { tool: task.tool },
      ),
    ];
  }
  if (!isJsonRpcError(result.error)) {
    return [
      violation(
        'failed-without-jsonrpc-error',
        `the task of "${task.tool}" is "failed" (${seenIn}) without a JSON-RPC error (error must have an integer code and a message)`,
        evidence,
        { tool: task.tool },
      ),
    ];
  }
  return [];
}

/** The task's listen stream: no progress or log messages, and a `failed` it reports follows the same rule as tasks/get. */
function judgeStream(task: ModernTask, streamed: { message: JsonObject; frame: Frame }[]): Finding[] {
  const findings: Finding[] = [];
  const silent = streamed.filter(({ message }) => isTaskSilentNotification(message));
  if (silent.length) {
    const methods = [...new Set(silent.map(({ message }) => String(message.method)))];
    findings.push(
      violation(
        'notification-on-task-stream',
        `the subscriptions/listen stream of task ${task.taskId} carried ${methods.join(', ')}, which must not be sent on it`,
        [{ frames: silent.slice(0, 3).map(({ frame }) => frame) }],
        { tool: task.tool },
      ),
    );
  }
  const failed = streamed.find(({ message }) => message.method === 'notifications/tasks' && statusOf(message.params) === 'failed');
  if (failed && isObject(failed.message.params))
    findings.push(...judgeFailed(task, failed.message.params, [{ frames: [failed.frame] }], 'notifications/tasks'));
  return findings;
}

const isTaskSilentNotification = (notification: JsonObject): boolean => TASK_SILENT.has(String(notification.method));
