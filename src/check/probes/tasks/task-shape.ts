/** What a Task object must look like, and how its status may move (both revisions). */
import { isObject } from '../../../protocol/jsonrpc.js';

export const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
export const STATUSES = new Set(['working', 'input_required', 'completed', 'failed', 'cancelled']);

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
