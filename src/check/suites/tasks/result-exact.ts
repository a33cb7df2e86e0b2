/**
 * 2025-11-25 tasks/result: it MUST block until the task is terminal and MUST return exactly what
 * the underlying request would have returned; tasks/cancel of a terminal task MUST get -32602.
 * "Blocked" is judged by what tasks/get says once tasks/result has answered: a terminal status
 * cannot change, so a task still working then was answered early. "Exactly" is judged against
 * the same call made without a task, when the tool allows one ("optional").
 */
import type { JsonObject } from '../../../client/types.js';
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, incomplete, notJudged, pass, skip, violation } from '../../define.js';
import type { Finding } from '../../types.js';
import { describeAnswer } from '../../probes/tools/answer.js';
import { TERMINAL, statusOf } from '../../probes/tasks/task-shape.js';
import { callableTools, legacyToolTasks, taskSupportOf } from '../../probes/tasks/task-support.js';
import { pollDeadline } from '../../probes/tasks/task-polling.js';
import { createLegacyTask } from './task-lifecycle.js';

const RELATED_TASK = 'io.modelcontextprotocol/related-task';

export default defineCheck({
  id: 'tasks.result-exact',
  title: 'tasks/result waits for the end and returns the underlying result; a finished task cannot be cancelled',
  suite: 'tasks',
  requirements: ['TASK-L3'],
  eras: ['legacy'],
  spec: 'basic/utilities/tasks#result-retrieval',
  async run(ctx) {
    if (!legacyToolTasks(ctx.client.serverCapabilities)) return skip('the server does not declare tasks.requests.tools.call');
    const tools = await callableTools(ctx, (tool) => taskSupportOf(tool) !== 'forbidden', 'tool that may run as a task');
    if (!Array.isArray(tools)) return notJudged(tools);
    // An optional tool can also be called plainly: its answer is the reference for "exactly".
    const { name, args, tool } = tools.find((candidate) => taskSupportOf(candidate.tool) === 'optional') ?? tools[0]!;
    const created = await createLegacyTask(ctx.client, name, args, ctx.timeoutMs);
    if (!created.task || typeof created.task.taskId !== 'string') {
      return violation(
        'no-task-created',
        `tools/call "${name}" with a task got ${describeAnswer(created.outcome)}, not a CreateTaskResult`,
        [ctx.evidence(created.outcome.frames)],
        { tool: name },
      );
    }
    const taskId = created.task.taskId;
    const result = await ctx.client.request('tasks/result', { taskId }, { timeoutMs: pollDeadline(ctx) });
    const resultEvidence = ctx.evidence(result.frames);
    if (!result.result && !result.error) {
      return {
        ...incomplete(
          'never-finished',
          `tasks/result of ${taskId} had not answered after ${pollDeadline(ctx)} ms: the task did not finish in time, so nothing was judged`,
        ),
        evidence: [resultEvidence],
      };
    }
    const after = await ctx.client.request('tasks/get', { taskId }, { timeoutMs: ctx.timeoutMs });
    const status = statusOf(after.result);
    const findings: Finding[] = [];
    if (status && !TERMINAL.has(status)) {
      findings.push(
        violation('returned-before-terminal', `tasks/result of ${taskId} answered while the task was still "${status}" (it must wait for a terminal status)`, [
          resultEvidence,
          ctx.evidence(after.frames),
        ]),
      );
    }
    if (isObject(result.result)) {
      const meta = isObject(result.result._meta) ? result.result._meta : {};
      const related = meta[RELATED_TASK];
      if (!isObject(related) || related.taskId !== taskId) {
        findings.push(violation('missing-related-task', `the tasks/result answer lacks _meta["${RELATED_TASK}"].taskId = ${taskId}`, [resultEvidence]));
      }
    }
    if (taskSupportOf(tool) === 'optional' && status && TERMINAL.has(status) && status !== 'cancelled') {
      const plain = await ctx.client.callTool(name, args, { timeoutMs: ctx.timeoutMs });
      if (answerOf(plain) !== answerOf(result)) {
        findings.push(
          violation(
            'result-differs',
            `tasks/result of "${name}" returned ${describeAnswer(result)} that differs from the same call without a task`,
            [resultEvidence, ctx.evidence(plain.frames)],
            { tool: name },
          ),
        );
      }
    }
    if (status && TERMINAL.has(status)) {
      const cancel = await ctx.client.request('tasks/cancel', { taskId }, { timeoutMs: ctx.timeoutMs });
      if (cancel.error?.code !== ErrorCode.InvalidParams) {
        findings.push(
          violation('cancel-terminal-accepted', `tasks/cancel of the ${status} task ${taskId} got ${describeAnswer(cancel)}, not -32602 (Invalid params)`, [
            ctx.evidence(cancel.frames),
          ]),
        );
      }
    }
    return findings.length > 0
      ? findings
      : pass(`tasks/result of "${name}" waited for the end and returned the call's own result; cancelling the finished task got -32602`);
  },
});

/** A result or error without `_meta` (the related-task key and other metadata differ by design). */
function answerOf(outcome: { result?: JsonObject; error?: { code: number } }): string {
  if (outcome.error) return sortedJson({ error: outcome.error.code });
  const { _meta: _, ...rest } = outcome.result ?? {};
  return sortedJson(rest);
}

/** JSON with sorted keys, to compare two answers whatever their key order. */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .filter((key) => value[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${sortedJson(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}
