/**
 * What the tasks checks share: whether the server serves tasks (2025-11-25 capability or 2026
 * extension), the tools a check may run as tasks, and polling a task to its end with a deadline.
 */
import type { JsonObject, McpClient, RpcOutcome } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { TASKS_EXTENSION_ID } from '../../../protocol/schemas/result-rules.js';
import type { CheckContext, NotJudged } from '../../types.js';
import { sampleObject } from '../mrtr/sample-values.js';
import { toolArguments } from '../../arguments/call.js';

export { TASKS_EXTENSION_ID };
export const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
export const STATUSES = new Set(['working', 'input_required', 'completed', 'failed', 'cancelled']);
/** Requested retention of the tasks a check creates (the server may choose another). */
export const TASK_TTL_MS = 60_000;
/** Capabilities of a modern client that declares the tasks extension. */
export const WITH_TASKS_EXTENSION: JsonObject = { extensions: { [TASKS_EXTENSION_ID]: {} } };

/** 2025-11-25: the server declared task-augmented tools/call. */
export function legacyToolTasks(capabilities: JsonObject): boolean {
  const tasks = capabilities.tasks;
  return isObject(tasks) && isObject(tasks.requests) && isObject(tasks.requests.tools) && isObject(tasks.requests.tools.call);
}

/** 2026-07-28: server/discover advertises the tasks extension. */
export function modernTasksExtension(capabilities: JsonObject): boolean {
  return isObject(capabilities.extensions) && isObject(capabilities.extensions[TASKS_EXTENSION_ID]);
}

export const taskSupportOf = (tool: JsonObject): string =>
  isObject(tool.execution) && typeof tool.execution.taskSupport === 'string' ? tool.execution.taskSupport : 'forbidden';

export interface CallableTool {
  name: string;
  args: JsonObject;
  tool: JsonObject;
}

/**
 * Listed tools the call policy lets the check call, keeping those `accept` takes (e.g. a
 * taskSupport value); NotJudged when none is left, saying why.
 */
export async function callableTools(ctx: CheckContext, accept: (tool: JsonObject) => boolean, what: string): Promise<CallableTool[] | NotJudged> {
  const candidates = (await ctx.tools()).filter(accept);
  if (candidates.length === 0) return { skip: `the server lists no ${what}` };
  const allowed: CallableTool[] = [];
  const reasons: string[] = [];
  for (const tool of candidates) {
    const policy = ctx.callPolicy(tool);
    if (!policy.allowed) {
      reasons.push(policy.reason);
      continue;
    }
    // The server's own values first (src/check/arguments); made-up ones when nothing fits.
    const chosen = await toolArguments(ctx, tool);
    allowed.push({ name: String(tool.name), args: chosen.candidates?.[0]?.args ?? sampleObject(tool.inputSchema), tool });
  }
  if (allowed.length > 0) return allowed;
  return { skip: `no ${what} may be called (${reasons[0]})`, incomplete: 'no-callable-tool' };
}

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

export interface Poll {
  /** Every tasks/get answer, in order. */
  outcomes: RpcOutcome[];
  /** The last status seen (undefined when no tasks/get gave one). */
  status?: string;
  finished: boolean;
  /** The error of a tasks/get that failed (the polling stops there). */
  error?: RpcOutcome;
}

/**
 * tasks/get until the task is terminal or `deadlineMs` passes: honours the server's poll interval
 * within 20..500 ms, so a task that never ends costs the deadline and no more.
 */
export async function pollTask(ctx: CheckContext, client: McpClient, taskId: string, deadlineMs: number): Promise<Poll> {
  const deadline = Date.now() + deadlineMs;
  const poll: Poll = { outcomes: [], finished: false };
  while (!ctx.signal.aborted) {
    const outcome = await client.request('tasks/get', { taskId }, { timeoutMs: Math.max(1, Math.min(ctx.timeoutMs, deadline - Date.now())) });
    poll.outcomes.push(outcome);
    if (!isObject(outcome.result)) {
      poll.error = outcome;
      return poll;
    }
    poll.status = typeof outcome.result.status === 'string' ? outcome.result.status : undefined;
    if (poll.status && TERMINAL.has(poll.status)) return { ...poll, finished: true };
    const suggested = outcome.result.pollIntervalMs ?? outcome.result.pollInterval;
    const wait = Math.min(500, Math.max(20, typeof suggested === 'number' ? suggested : 100));
    if (Date.now() + wait >= deadline) return poll;
    await sleep(wait, ctx.signal);
  }
  return poll;
}

/** Polling gets half the check's time, so the verdict still fits inside it. */
export const pollDeadline = (ctx: CheckContext): number => Math.max(500, Math.floor(ctx.timeoutMs / 2));

/** The allowed moves of the status lifecycle (both revisions): working <-> input_required, either -> terminal, nothing out of terminal. */
export function transitionProblem(from: string, to: string): string | undefined {
  if (from === to) return undefined;
  if (TERMINAL.has(from)) return `moved from terminal status "${from}" to "${to}"`;
  return undefined;
}

/**
 * Problems of one Task object: the fields both revisions require, named per revision
 * (`ttl`/`pollInterval` in 2025-11-25, `ttlMs`/`pollIntervalMs` in 2026-07-28).
 */
export function taskFieldProblems(task: unknown, era: 'legacy' | 'modern'): string[] {
  if (!isObject(task)) return ['is not an object'];
  const problems: string[] = [];
  if (typeof task.taskId !== 'string' || task.taskId === '') problems.push('taskId is not a non-empty string');
  if (typeof task.status !== 'string' || !STATUSES.has(task.status)) problems.push(`status ${JSON.stringify(task.status)} is not a task status`);
  for (const field of ['createdAt', 'lastUpdatedAt']) {
    const value = task[field];
    if (value === undefined) problems.push(`${field} is missing`);
    else if (typeof value !== 'string' || !ISO_8601.test(value)) problems.push(`${field} ${JSON.stringify(value)} is not an ISO 8601 timestamp`);
  }
  const ttlField = era === 'legacy' ? 'ttl' : 'ttlMs';
  const ttl = task[ttlField];
  if (!(ttlField in task)) problems.push(`${ttlField} is missing (null means unlimited)`);
  else if (ttl !== null && !(typeof ttl === 'number' && Number.isInteger(ttl) && ttl >= 0))
    problems.push(`${ttlField} ${JSON.stringify(ttl)} is not a non-negative integer or null`);
  return problems;
}

/** RFC 3339 date-time, the profile of ISO 8601 the spec links to. */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

export const statusOf = (value: unknown): string | undefined => (isObject(value) && typeof value.status === 'string' ? value.status : undefined);

/** JSON with sorted keys, to compare two answers whatever their key order. */
export function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .filter((key) => value[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${sortedJson(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}
