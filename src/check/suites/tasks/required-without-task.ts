/**
 * 2025-11-25 tool-level negotiation: a tool with taskSupport "required" called without `task`
 * MUST get -32601 (Method not found); one with "forbidden" (or none) called with `task` SHOULD
 * get -32601 too. The Error Handling section also lets a receiver answer -32600 when it requires
 * task augmentation (MAY, TASK-L6), so -32600 for a required tool is a note: the two texts disagree.
 */
import type { RpcOutcome } from '../../../client/types.js';
import { ErrorCode } from '../../../protocol/errors.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { defineCheck, notJudged, pass, skip, violation } from '../../define.js';
import type { CheckContext, Finding } from '../../types.js';
import { describeAnswer } from '../../probes/tools/answer.js';
import { TASK_TTL_MS, callableTools, legacyToolTasks, taskSupportOf } from '../../probes/tasks/task-support.js';

export default defineCheck({
  id: 'tasks.required-without-task',
  title: 'A tool that requires a task refuses a plain call with -32601',
  suite: 'tasks',
  requirements: ['TASK-L1', 'TASK-L5', 'TASK-L6'],
  eras: ['legacy'],
  spec: 'basic/utilities/tasks#tool-level-negotiation',
  async run(ctx) {
    if (!legacyToolTasks(ctx.client.serverCapabilities)) return skip('the server does not declare tasks.requests.tools.call, so taskSupport has no force');
    const required = await callableTools(ctx, (tool) => taskSupportOf(tool) === 'required', 'tool with taskSupport "required"');
    if (!Array.isArray(required)) return notJudged(required);
    const findings: Finding[] = [];
    for (const { name, args } of required) {
      const outcome = await ctx.client.callTool(name, args, { timeoutMs: ctx.timeoutMs });
      const evidence = [ctx.evidence(outcome.frames)];
      if (outcome.error?.code === ErrorCode.MethodNotFound) continue;
      if (outcome.error?.code === ErrorCode.InvalidRequest) {
        findings.push({
          ...violation(
            'invalid-request-not-method-not-found',
            `"${name}" (taskSupport "required") called without a task got -32600; tool-level negotiation wants -32601 (the Error Handling section allows -32600)`,
            evidence,
            { tool: name },
          ),
          requirement: 'TASK-L6',
        });
      } else if (outcome.error) {
        findings.push(
          violation(
            'wrong-error-code',
            `"${name}" (taskSupport "required") called without a task got ${describeAnswer(outcome)}, not -32601 (Method not found)`,
            evidence,
            { tool: name },
          ),
        );
      } else if (outcome.result?.isError === true) {
        // The TypeScript SDK v1 turns the -32601 it throws into a tool result; the rule wants the JSON-RPC error.
        findings.push(
          violation(
            'tool-error-not-32601',
            `"${name}" (taskSupport "required") called without a task got a tool result with isError: true, not the JSON-RPC error -32601 (Method not found)`,
            evidence,
            { tool: name },
          ),
        );
      } else {
        findings.push(
          violation('ran-without-task', `"${name}" (taskSupport "required") ran as a plain call instead of being refused with -32601`, evidence, {
            tool: name,
          }),
        );
      }
    }
    const forbidden = await forbiddenAsTask(ctx);
    if (forbidden) findings.push(forbidden);
    return findings.length > 0 ? findings : pass(`${required.map((tool) => `"${tool.name}"`).join(', ')} refused a call without a task with -32601`);
  },
});

/** A "forbidden" tool run as a task: -32601 is a SHOULD (TASK-L5). */
async function forbiddenAsTask(ctx: CheckContext): Promise<Finding | undefined> {
  const forbidden = await callableTools(ctx, (tool) => taskSupportOf(tool) === 'forbidden', 'tool without task support');
  if (!Array.isArray(forbidden)) return undefined;
  const { name, args } = forbidden[0]!;
  const outcome: RpcOutcome = await ctx.client.request('tools/call', { name, arguments: args, task: { ttl: TASK_TTL_MS } }, { timeoutMs: ctx.timeoutMs });
  if (outcome.error?.code === ErrorCode.MethodNotFound) return undefined;
  const what = isObject(outcome.result) && isObject(outcome.result.task) ? 'was run as a task' : `got ${describeAnswer(outcome)}`;
  return {
    ...violation('forbidden-not-refused', `"${name}" (taskSupport "forbidden") called with a task ${what}, not -32601`, [ctx.evidence(outcome.frames)], {
      tool: name,
    }),
    requirement: 'TASK-L5',
  };
}
