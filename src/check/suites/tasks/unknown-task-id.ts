/**
 * The 2026 tasks extension's errors: an unknown taskId MUST get -32602 on tasks/get (SHOULD on
 * tasks/update and tasks/cancel, TASK-X7), and a request to tasks/* from a client that did not
 * declare the extension MUST get -32021. The made-up id is random, so no real task is touched.
 */
import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../../../client/types.js';
import { ErrorCode } from '../../../protocol/errors.js';
import { META } from '../../../protocol/meta.js';
import { defineCheck, pass, skip, violation } from '../../define.js';
import type { Finding } from '../../types.js';

import { describeAnswer, eraMessage, errorOf, evidenceOf, exchange, probeId } from '../../probes/protocol/probe.js';
import { modernNotApplicable } from '../../probes/tasks/modern-task.js';
import { WITH_TASKS_EXTENSION } from '../../probes/tasks/task-support.js';

export default defineCheck({
  id: 'tasks.unknown-task-id',
  title: 'An unknown taskId gets -32602, and tasks/* without the extension gets -32021',
  suite: 'tasks',
  requirements: ['TASK-X4', 'TASK-X7'],
  eras: ['modern'],
  spec: 'https://github.com/modelcontextprotocol/experimental-ext-tasks/blob/main/specification/draft/tasks.md#protocol-errors',
  async run(ctx) {
    const reason = modernNotApplicable(ctx);
    if (reason) return skip(reason);
    const taskId = `mcpvet-unknown-${randomUUID()}`;
    const findings: Finding[] = [];
    const declared = (method: string, extra: JsonObject = {}) =>
      eraMessage(ctx.client, probeId('tasks'), method, { taskId, ...extra, _meta: { [META.clientCapabilities]: WITH_TASKS_EXTENSION } });
    for (const [method, extra, requirement] of [
      ['tasks/get', {}, 'TASK-X4'],
      ['tasks/update', { inputResponses: {} }, 'TASK-X7'],
      ['tasks/cancel', {}, 'TASK-X7'],
    ] as const) {
      const answer = await exchange(ctx.client, declared(method, extra), { timeoutMs: ctx.timeoutMs });
      if (errorOf(answer)?.code === ErrorCode.InvalidParams) continue;
      findings.push({
        ...violation(
          'unknown-task-accepted',
          `${method} of an unknown taskId got ${describeAnswer(answer)}, not -32602 (Invalid params)`,
          [evidenceOf(answer)],
          { method },
        ),
        requirement,
      });
    }
    for (const [method, extra] of [
      ['tasks/get', {}],
      ['tasks/update', { inputResponses: {} }],
      ['tasks/cancel', {}],
    ] as const) {
      const undeclared = await exchange(ctx.client, eraMessage(ctx.client, probeId('tasks'), method, { taskId, ...extra }), { timeoutMs: ctx.timeoutMs });
      if (errorOf(undeclared)?.code === ErrorCode.MissingRequiredClientCapability) continue;
      findings.push({
        ...violation(
          'undeclared-extension-accepted',
          `${method} from a client that did not declare the tasks extension got ${describeAnswer(undeclared)}, not -32021 (Missing required client capability)`,
          [evidenceOf(undeclared)],
          { method },
        ),
        requirement: 'TASK-X4',
      });
    }
    return findings.length > 0 ? findings : pass('tasks/get, tasks/update and tasks/cancel got -32602 for an unknown taskId, and -32021 without the extension');
  },
});
