/**
 * A task of the 2026 extension to judge: the server alone decides whether a tools/call becomes a
 * task, so the callable tools are tried in turn (at most MAX_TRIES) on a connection that declares
 * the extension, until one answers resultType "task".
 */
import type { JsonObject, McpClient, RpcOutcome } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { TransportError } from '../../../protocol/transport-error.js';
import { notJudged, skip } from '../../define.js';
import type { CheckContext, Finding, NotJudged } from '../../types.js';
import { WITH_TASKS_EXTENSION, callableTools, modernTasksExtension, type CallableTool } from './task-support.js';

const MAX_TRIES = 10;

export interface ModernTask {
  client: McpClient;
  taskId: string;
  tool: string;
  created: RpcOutcome;
}

export async function tasksClient(ctx: CheckContext): Promise<McpClient> {
  return ctx.openClient({ capabilities: WITH_TASKS_EXTENSION });
}

/** Why a modern tasks check does not apply here, if it does not. */
export function modernNotApplicable(ctx: CheckContext): string | undefined {
  if (!modernTasksExtension(ctx.client.serverCapabilities)) return 'server/discover does not advertise the io.modelcontextprotocol/tasks extension';
  return undefined;
}

/** The task a check judges, created on a tasks connection; or the finding that says why there is none. */
export async function taskToJudge(ctx: CheckContext): Promise<ModernTask | Finding> {
  const reason = modernNotApplicable(ctx);
  if (reason) return skip(reason);
  const task = await createModernTask(ctx);
  return 'skip' in task ? notJudged(task) : task;
}

export async function createModernTask(ctx: CheckContext, argsFor?: (tool: CallableTool) => JsonObject | undefined): Promise<ModernTask | NotJudged> {
  const tools = await callableTools(ctx, () => true, 'tool');
  if (!Array.isArray(tools)) return tools;
  const client = await tasksClient(ctx);
  const tried: string[] = [];
  for (const tool of tools.slice(0, MAX_TRIES)) {
    const args = argsFor ? argsFor(tool) : tool.args;
    if (!args) continue;
    tried.push(`"${tool.name}"`);
    let created: RpcOutcome;
    try {
      created = await client.callTool(tool.name, args, { timeoutMs: ctx.timeoutMs });
    } catch (error) {
      // A tool that does not answer in time (tools.valid-call-succeeds reports it) is passed over.
      if (!(error instanceof TransportError) || error.kind !== 'timeout') throw error;
      tried[tried.length - 1] += ' (no answer in time)';
      continue;
    }
    if (isObject(created.result) && created.result.resultType === 'task' && typeof created.result.taskId === 'string') {
      return { client, taskId: created.result.taskId, tool: tool.name, created };
    }
  }
  // The extension lets the server answer a task; it never has to, so no task is not a failure.
  return {
    skip: tried.length ? `no call answered with a task (tried ${tried.join(', ')} with the extension declared)` : 'no tool could be called to create a task',
  };
}
