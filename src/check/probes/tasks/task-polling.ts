/** Polling a task with tasks/get until it ends or a deadline passes (both revisions). */
import type { McpClient, RpcOutcome } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import type { CheckContext } from '../../types.js';
import { TERMINAL } from './task-shape.js';

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

/** The least time a tasks/get is given, however little of the deadline is left. */
const MIN_GET_MS = 200;

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
    let outcome: RpcOutcome;
    try {
      outcome = await client.request('tasks/get', { taskId }, { timeoutMs: Math.max(MIN_GET_MS, Math.min(ctx.timeoutMs, deadline - Date.now())) });
    } catch (error) {
      // A tasks/get cut short by the deadline (a loaded machine can leave it a few ms) means the
      // task did not finish in time, which the caller reports; any earlier failure is the check's.
      if (Date.now() >= deadline) return poll;
      throw error;
    }
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
