/**
 * The 2026 tasks extension: a server MUST NOT return a CreateTaskResult until tasks/get for it
 * would resolve (so tasks/get sent at once must find it), and tasks/get MUST answer the
 * documented shape of each status with resultType "complete": `result` once completed, a
 * JSON-RPC `error` once failed, `inputRequests` while input_required.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, incomplete, pass, violation } from '../../define.js';
import type { Finding } from '../../types.js';
import { describeAnswer } from '../../probes/tools/answer.js';
import { taskToJudge } from '../../probes/tasks/modern-task.js';
import { pollDeadline, pollTask } from '../../probes/tasks/task-polling.js';
import { statusOf, taskFieldProblems, transitionProblem } from '../../probes/tasks/task-shape.js';

export default defineCheck({
  id: 'tasks.durable-creation',
  title: 'A task exists once it is returned, and tasks/get has the shape of its status',
  suite: 'tasks',
  requirements: ['TASK-X3', 'TASK-X2'],
  eras: ['modern'],
  requires: ['tools'],
  spec: 'https://github.com/modelcontextprotocol/experimental-ext-tasks/blob/main/specification/draft/tasks.md#task-creation',
  freshProcesses: 1,
  async run(ctx) {
    const task = await taskToJudge(ctx);
    if ('status' in task) return task;
    const findings: Finding[] = [];
    const createdProblems = taskFieldProblems(task.created.result, 'modern');
    if (createdProblems.length)
      findings.push(
        violation('bad-task-shape', `the CreateTaskResult of "${task.tool}": ${createdProblems.join('; ')}`, [ctx.evidence(task.created.frames, task.client)], {
          tool: task.tool,
        }),
      );
    const poll = await pollTask(ctx, task.client, task.taskId, pollDeadline(ctx));
    const first = poll.outcomes[0];
    if (first?.error) {
      findings.push(
        violation(
          'not-durable',
          `tasks/get sent right after the CreateTaskResult of "${task.tool}" got ${describeAnswer(first)}: the task was returned before it existed`,
          [ctx.evidence(task.created.frames, task.client), ctx.evidence(first.frames, task.client)],
          { tool: task.tool },
        ),
      );
      return findings;
    }
    let previous = statusOf(task.created.result) ?? 'working';
    for (const outcome of poll.outcomes) {
      const problems = outcome.result ? detailedTaskProblems(outcome.result, task.taskId) : [];
      const status = statusOf(outcome.result);
      const moved = status ? transitionProblem(previous, status) : undefined;
      if (moved) problems.push(moved);
      if (problems.length) {
        findings.push(violation('bad-task-shape', `tasks/get of ${task.taskId}: ${problems.join('; ')}`, [ctx.evidence(outcome.frames, task.client)]));
        break;
      }
      previous = status ?? previous;
    }
    if (poll.error && poll.error !== first)
      findings.push(
        violation('task-lost', `tasks/get of ${task.taskId} later got ${describeAnswer(poll.error)} (before its ttl)`, [
          ctx.evidence(poll.error.frames, task.client),
        ]),
      );
    if (!poll.error && !poll.finished)
      findings.push(
        incomplete(
          'never-finished',
          `task ${task.taskId} was still "${poll.status ?? previous}" after ${pollDeadline(ctx)} ms of polling, so its final shape was not judged`,
        ),
      );
    return findings.length > 0
      ? findings
      : pass(`the task of "${task.tool}" resolved at once on tasks/get and every answer had the shape of its status (last: ${poll.status})`);
  },
});

/** The DetailedTask of a tasks/get result (ext-tasks "Response"). */
export function detailedTaskProblems(result: Record<string, unknown>, taskId: string): string[] {
  const problems = taskFieldProblems(result, 'modern');
  if (result.taskId !== taskId) problems.push(`taskId ${JSON.stringify(result.taskId)} is not the one asked for`);
  if (result.resultType !== 'complete') problems.push(`resultType is ${JSON.stringify(result.resultType)}, not "complete"`);
  const status = statusOf(result);
  if (status === 'completed' && !isObject(result.result)) problems.push('a completed task has no result object');
  if (status === 'failed' && !isJsonRpcError(result.error)) problems.push('a failed task has no JSON-RPC error (an object with an integer code and a message)');
  if (status === 'input_required' && !isObject(result.inputRequests)) problems.push('an input_required task has no inputRequests object');
  return problems;
}

export function isJsonRpcError(value: unknown): boolean {
  return isObject(value) && Number.isInteger(value.code) && typeof value.message === 'string';
}
