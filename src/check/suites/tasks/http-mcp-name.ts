/**
 * The 2026 tasks extension over Streamable HTTP: tasks/get, tasks/update and tasks/cancel carry
 * Mcp-Name = params.taskId, and the server validates it like every mirrored header (a missing or
 * disagreeing one gets 400 with -32020). Judged on a real task, so a rejection can only be about
 * the header (an unknown id would be refused anyway). tasks/cancel goes last: once the bad
 * headers are refused, the correct one cancels the task.
 */
import type { JsonObject } from '../../../client/types.js';
import { ErrorCode } from '../../../protocol/errors.js';
import { META } from '../../../protocol/meta.js';
import { defineCheck, pass, violation } from '../../define.js';
import type { CheckContext, Finding } from '../../types.js';
import { expectRejection, probeEvidence, sendProbe } from '../../probes/http/probe.js';
import { modernMeta } from '../../probes/protocol/probe.js';
import { taskToJudge, type ModernTask } from '../../probes/tasks/modern-task.js';
import { WITH_TASKS_EXTENSION } from '../../probes/tasks/task-support.js';

const METHODS = [
  ['tasks/get', {}],
  ['tasks/update', { inputResponses: {} }],
  ['tasks/cancel', {}],
] as const;

export default defineCheck({
  id: 'tasks.http-mcp-name',
  title: 'Over HTTP, tasks/get, tasks/update and tasks/cancel need Mcp-Name equal to the taskId',
  suite: 'tasks',
  requirements: ['TASK-X6'],
  eras: ['modern'],
  transports: ['http'],
  requires: ['tools'],
  spec: 'https://github.com/modelcontextprotocol/experimental-ext-tasks/blob/main/specification/draft/tasks.md#streamable-http-routing-headers',
  async run(ctx) {
    const task = await taskToJudge(ctx);
    if ('status' in task) return task;
    const findings: Finding[] = [];
    for (const [method, extra] of METHODS) findings.push(...(await judgeMethod(ctx, task, method, extra)));
    return findings.length > 0
      ? findings
      : pass(
          `tasks/get, tasks/update and tasks/cancel of task ${task.taskId} were served with Mcp-Name equal to its taskId and refused (400, -32020) with a missing or different one`,
        );
  },
});

/** One method: the bad headers first (they must change nothing), then the correct one. */
async function judgeMethod(ctx: CheckContext, task: ModernTask, method: string, extra: JsonObject): Promise<Finding[]> {
  const meta = modernMeta(task.client, { [META.clientCapabilities]: WITH_TASKS_EXTENSION });
  const probe = (headers: Record<string, string | null>) =>
    sendProbe(ctx, { method, params: { taskId: task.taskId, ...extra }, meta: { ...meta }, headers }, task.client);
  const findings: Finding[] = [];
  const other = `${task.taskId}-mcpvet-other`;
  const mismatched = await probe({ 'mcp-name': other });
  const mismatch = expectRejection(mismatched, 400, ErrorCode.HeaderMismatch);
  if (mismatch)
    findings.push(
      violation(
        'mismatch-accepted',
        `${method} with Mcp-Name: ${other} (the body's taskId is ${task.taskId}) ${mismatch}`,
        probeEvidence(ctx, mismatched, task.client),
        {
          method,
        },
      ),
    );
  const missing = await probe({ 'mcp-name': null });
  const absent = expectRejection(missing, 400, ErrorCode.HeaderMismatch);
  if (absent)
    findings.push(
      violation('missing-header-accepted', `${method} without the Mcp-Name header ${absent}`, probeEvidence(ctx, missing, task.client), { method }),
    );
  const correct = await probe({});
  if (!correct.outcome?.result)
    findings.push(
      violation(
        'task-not-served',
        `${method} of task ${task.taskId} with a correct Mcp-Name was not answered with a result`,
        probeEvidence(ctx, correct, task.client),
        {
          method,
        },
      ),
    );
  return findings;
}
