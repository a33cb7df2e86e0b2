/**
 * The 2026 tasks extension: tasks/update and tasks/cancel are acknowledged with an empty result
 * whose resultType MUST be "complete" ("task" belongs to CreateTaskResult alone). Judged on a
 * real task, so the acknowledgement is of a task the server knows: an empty tasks/update (no
 * input is outstanding; unknown keys are ignored anyway), then tasks/cancel.
 */
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, incomplete, pass, violation } from '../../define.js';
import type { Finding } from '../../types.js';
import { describeAnswer } from '../../probes/tools/answer.js';
import { taskToJudge } from '../../probes/tasks/modern-task.js';

export default defineCheck({
  id: 'tasks.acknowledgement-complete',
  title: 'tasks/update and tasks/cancel of a task are acknowledged with resultType "complete"',
  suite: 'tasks',
  requirements: ['TASK-X2'],
  eras: ['modern'],
  requires: ['tools'],
  spec: 'https://github.com/modelcontextprotocol/experimental-ext-tasks/blob/main/specification/draft/tasks.md#task-cancellation',
  freshProcesses: 1,
  async run(ctx) {
    const task = await taskToJudge(ctx);
    if ('status' in task) return task;
    const findings: Finding[] = [];
    for (const [method, extra] of [
      ['tasks/update', { inputResponses: {} }],
      ['tasks/cancel', {}],
    ] as const) {
      const outcome = await task.client.request(method, { taskId: task.taskId, ...extra }, { timeoutMs: ctx.timeoutMs });
      const evidence = [ctx.evidence(outcome.frames, task.client)];
      if (!isObject(outcome.result)) {
        findings.push({
          ...incomplete(
            'not-acknowledged',
            `${method} of task ${task.taskId} got ${describeAnswer(outcome)}, not an acknowledgement, so its resultType was not judged`,
          ),
          evidence,
        });
      } else if (outcome.result.resultType !== 'complete') {
        findings.push(
          violation(
            'ack-not-complete',
            `the ${method} acknowledgement of task ${task.taskId} has resultType ${JSON.stringify(outcome.result.resultType)}, not "complete"`,
            evidence,
            { method },
          ),
        );
      }
    }
    return findings.length > 0 ? findings : pass(`tasks/update and tasks/cancel of the task of "${task.tool}" were acknowledged with resultType "complete"`);
  },
});
