/**
 * 2025-11-25 tasks: every task response carries createdAt, lastUpdatedAt (ISO 8601) and ttl
 * (an integer, or null for unlimited); a task begins in `working`, ids are unique, and a
 * terminal status never changes. Two tasks are created and polled to their end; a task that
 * does not end before the deadline is one warning, not a hang.
 */
import type { McpClient } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, incomplete, notJudged, pass, skip, violation } from '../../define.js';
import type { CheckContext, Evidence, Finding } from '../../types.js';
import { describeAnswer } from '../../probes/tools/answer.js';
import { TASK_TTL_MS, callableTools, legacyToolTasks, taskSupportOf } from '../../probes/tasks/task-support.js';
import { pollDeadline, pollTask } from '../../probes/tasks/task-polling.js';
import { statusOf, taskFieldProblems, transitionProblem } from '../../probes/tasks/task-shape.js';

export default defineCheck({
  id: 'tasks.task-lifecycle',
  title: 'Tasks carry their timestamps and ttl, have unique ids and valid status moves',
  suite: 'tasks',
  requirements: ['TASK-L2'],
  eras: ['legacy'],
  spec: 'basic/utilities/tasks#task-status-lifecycle',
  async run(ctx) {
    if (!legacyToolTasks(ctx.client.serverCapabilities)) return skip('the server does not declare tasks.requests.tools.call');
    const tools = await callableTools(ctx, (tool) => taskSupportOf(tool) !== 'forbidden', 'tool that may run as a task');
    if (!Array.isArray(tools)) return notJudged(tools);
    const { name, args } = tools[0]!;
    const findings: Finding[] = [];
    const ids: string[] = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      const created = await createLegacyTask(ctx.client, name, args, ctx.timeoutMs);
      const evidence = [ctx.evidence(created.outcome.frames)];
      if (!created.task)
        return violation('no-task-created', `tools/call "${name}" with a task got ${describeAnswer(created.outcome)}, not a CreateTaskResult`, evidence, {
          tool: name,
        });
      const problems = taskFieldProblems(created.task, 'legacy');
      if (created.task.status !== 'working') problems.push(`a new task begins in "working", not ${JSON.stringify(created.task.status)}`);
      if (problems.length) findings.push(violation('bad-task-fields', `the CreateTaskResult of "${name}": ${problems.join('; ')}`, evidence, { tool: name }));
      if (typeof created.task.taskId !== 'string') break;
      ids.push(created.task.taskId);
      findings.push(...(await judgePolling(ctx, created.task.taskId, String(created.task.status), evidence)));
    }
    if (ids.length === 2 && ids[0] === ids[1]) findings.push(violation('duplicate-task-id', `two tasks got the same id ${JSON.stringify(ids[0])}`));
    return findings.length > 0
      ? findings
      : pass(`two tasks of "${name}" had unique ids, their timestamps and ttl, and moved only from working to a terminal status`);
  },
});

export async function createLegacyTask(client: McpClient, name: string, args: Record<string, unknown>, timeoutMs: number) {
  const outcome = await client.request('tools/call', { name, arguments: args, task: { ttl: TASK_TTL_MS } }, { timeoutMs });
  const task = isObject(outcome.result) && isObject(outcome.result.task) ? outcome.result.task : undefined;
  return { outcome, task };
}

async function judgePolling(ctx: CheckContext, taskId: string, firstStatus: string, evidence: Evidence[]): Promise<Finding[]> {
  const poll = await pollTask(ctx, ctx.client, taskId, pollDeadline(ctx));
  const findings: Finding[] = [];
  let previous = firstStatus;
  for (const outcome of poll.outcomes) {
    if (!isObject(outcome.result)) continue;
    const problems = taskFieldProblems(outcome.result, 'legacy');
    const status = statusOf(outcome.result);
    const moved = status ? transitionProblem(previous, status) : undefined;
    if (moved) problems.push(moved);
    if (outcome.result.taskId !== taskId) problems.push(`taskId ${JSON.stringify(outcome.result.taskId)} is not the one asked for`);
    if (problems.length) {
      findings.push(violation('bad-task-fields', `tasks/get of ${taskId}: ${problems.join('; ')}`, [...evidence, ctx.evidence(outcome.frames)]));
      break;
    }
    previous = status ?? previous;
  }
  if (poll.error)
    findings.push(
      violation('task-lost', `tasks/get of the task just created (${taskId}) got ${describeAnswer(poll.error)}`, [ctx.evidence(poll.error.frames)]),
    );
  else if (!poll.finished)
    findings.push(
      incomplete(
        'never-finished',
        `task ${taskId} was still "${poll.status ?? previous}" after ${pollDeadline(ctx)} ms of polling, so its later moves were not judged`,
      ),
    );
  return findings;
}
