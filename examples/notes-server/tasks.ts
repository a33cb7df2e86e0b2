/**
 * Tasks in both eras. Legacy (2025-11-25 only): the experimental tasks utility, where the client
 * asks for a task with `params.task` on tools/call and reads it back with tasks/get, tasks/result,
 * tasks/list and tasks/cancel. Modern (2026-07-28): the `io.modelcontextprotocol/tasks` extension,
 * where the server decides to answer a CreateTaskResult (resultType "task") to a client that
 * declared the extension, and the client polls tasks/get (tasks/update, tasks/cancel).
 * Tasks live in this process only, for a bounded ttl, and at most MAX_LIVE_TASKS at a time.
 */
import { randomUUID } from 'node:crypto';
import { Code, RpcError, isObject, type Json } from './protocol.js';
import type { HandleContext } from './types.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
const RELATED_TASK = 'io.modelcontextprotocol/related-task';
/** The 2025-11-25 server capability: task-augmented tools/call, tasks/list and tasks/cancel. */
export const LEGACY_TASKS_CAPABILITY: Json = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

const MAX_LIVE_TASKS = 32;
const DEFAULT_TTL_MS = 60_000;
const MIN_TTL_MS = 1_000;
const MAX_TTL_MS = 10 * 60_000;
const POLL_INTERVAL_MS = 100;
/** How long a task works before its tool runs: long enough for a client to see it `working`. */
const WORK_MS = 150;
const LIST_PAGE_SIZE = 10;
type Status = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
const TERMINAL: ReadonlySet<Status> = new Set(['completed', 'failed', 'cancelled']);

interface TaskRecord {
  taskId: string;
  era: 'legacy' | 'modern';
  /** Legacy tasks belong to their session: tasks/list and tasks/get show a session only its own. */
  owner?: object;
  status: Status;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number;
  expiresAt: number;
  result?: Json;
  error?: Json;
  /** Resolves when the task reaches a terminal status (tasks/result waits on it). */
  settled: Promise<void>;
  settle(): void;
  timer?: NodeJS.Timeout;
}

export interface TaskCall {
  tool: Json | undefined;
  params: Json;
  legacy: boolean;
  /** The agreed legacy version (undefined for modern requests). */
  version?: string;
  clientCapabilities: Json;
  owner?: object;
  /** Runs the tool as an ordinary call; a task passes a context of its own instead of the request's. */
  run(ctx?: HandleContext): Promise<Json>;
}

export interface TaskManager {
  /** tools/call: runs plainly, refuses, or answers a task, per era and taskSupport. */
  call(call: TaskCall): Promise<Json>;
  legacyRequest(method: string, params: Json, owner: object, ctx: HandleContext): Promise<Json>;
  modernRequest(method: string, params: Json, clientCapabilities: Json): Json;
}

/** Whether a legacy connection of this version has tasks (they arrived in 2025-11-25). */
export const legacyTasksServed = (version: string): boolean => version >= '2025-11-25';

const taskSupportOf = (tool: Json | undefined): string =>
  isObject(tool?.execution) && typeof tool.execution.taskSupport === 'string' ? tool.execution.taskSupport : 'forbidden';

export function declaresTasksExtension(clientCapabilities: Json): boolean {
  return isObject(clientCapabilities.extensions) && isObject(clientCapabilities.extensions[TASKS_EXTENSION]);
}

const missingExtension = (what: string): RpcError =>
  new RpcError(Code.MissingRequiredClientCapability, `Missing required client capability: ${what} needs the ${TASKS_EXTENSION} extension`, {
    requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
  });

export function createTaskManager(workMs = WORK_MS): TaskManager {
  const tasks = new Map<string, TaskRecord>();

  function purgeExpired(): void {
    const now = Date.now();
    for (const [id, record] of tasks) {
      if (record.expiresAt > now) continue;
      clearTimeout(record.timer);
      record.settle();
      tasks.delete(id);
    }
  }

  /** Room for one more task: the oldest finished one goes first; a server full of running tasks refuses. */
  function makeRoom(): void {
    purgeExpired();
    if (tasks.size < MAX_LIVE_TASKS) return;
    const oldestDone = [...tasks.values()].find((record) => TERMINAL.has(record.status));
    if (!oldestDone) throw new RpcError(Code.InternalError, `Too many tasks in progress (at most ${MAX_LIVE_TASKS}); try again later`);
    tasks.delete(oldestDone.taskId);
  }

  function finish(record: TaskRecord, status: Status, fields: { result?: Json; error?: Json; statusMessage?: string }): void {
    if (TERMINAL.has(record.status)) return; // a cancelled task stays cancelled, whatever the work did
    Object.assign(record, fields, { status, lastUpdatedAt: new Date().toISOString() });
    record.settle();
  }

  function create(call: TaskCall, requestedTtl: unknown): TaskRecord {
    makeRoom();
    const ttlMs =
      typeof requestedTtl === 'number' && Number.isInteger(requestedTtl) ? Math.min(Math.max(requestedTtl, MIN_TTL_MS), MAX_TTL_MS) : DEFAULT_TTL_MS;
    const now = new Date();
    let settle = (): void => undefined;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const record: TaskRecord = {
      taskId: randomUUID(), // unguessable: the task id is the only key to its result
      era: call.legacy ? 'legacy' : 'modern',
      owner: call.owner,
      status: 'working',
      createdAt: now.toISOString(),
      lastUpdatedAt: now.toISOString(),
      ttlMs,
      expiresAt: now.getTime() + ttlMs,
      settled,
      settle,
    };
    tasks.set(record.taskId, record);
    // The work gets a context of its own: the creating request is answered (and its stream closed)
    // long before, and a task sends no progress or log messages.
    const work = new AbortController();
    const ctx: HandleContext = { transport: 'stdio', send: () => undefined, signal: work.signal };
    record.timer = setTimeout(() => {
      call.run(ctx).then(
        (result) => {
          // 2025-11-25 counts a tool error as a failed task; the 2026 extension keeps `failed` for JSON-RPC errors.
          const failed = call.legacy && result.isError === true;
          finish(record, failed ? 'failed' : 'completed', { result, statusMessage: failed ? 'The tool reported an error' : undefined });
        },
        (err: unknown) => {
          const error =
            err instanceof RpcError
              ? { code: err.code, message: err.message, ...(err.data === undefined ? {} : { data: err.data }) }
              : { code: Code.InternalError, message: 'Internal error' };
          finish(record, 'failed', { error, statusMessage: `The call failed: ${String(error.message)}` });
        },
      );
    }, workMs);
    record.timer.unref();
    return record;
  }

  function find(taskId: unknown, era: 'legacy' | 'modern', owner?: object): TaskRecord {
    purgeExpired();
    const record = typeof taskId === 'string' ? tasks.get(taskId) : undefined;
    if (!record || record.era !== era || (era === 'legacy' && record.owner !== owner)) {
      throw new RpcError(Code.InvalidParams, 'Failed to retrieve task: Task not found');
    }
    return record;
  }

  function cancel(record: TaskRecord): void {
    clearTimeout(record.timer);
    finish(record, 'cancelled', { statusMessage: 'The task was cancelled by request' });
  }

  const legacyTask = (record: TaskRecord): Json => ({
    taskId: record.taskId,
    status: record.status,
    ...(record.statusMessage ? { statusMessage: record.statusMessage } : {}),
    createdAt: record.createdAt,
    lastUpdatedAt: record.lastUpdatedAt,
    ttl: record.ttlMs,
    pollInterval: POLL_INTERVAL_MS,
  });

  const modernTask = (record: TaskRecord): Json => ({
    taskId: record.taskId,
    status: record.status,
    ...(record.statusMessage ? { statusMessage: record.statusMessage } : {}),
    createdAt: record.createdAt,
    lastUpdatedAt: record.lastUpdatedAt,
    ttlMs: record.ttlMs,
    pollIntervalMs: POLL_INTERVAL_MS,
  });

  /** tasks/get of 2026: the status-specific payload inline (DetailedTask). */
  const detailedTask = (record: TaskRecord): Json => ({
    ...modernTask(record),
    ...(record.status === 'completed' ? { result: record.result } : {}),
    ...(record.status === 'failed' ? { error: record.error } : {}),
  });

  /** What the underlying request answered; tasks/result returns exactly that. */
  function underlyingResult(record: TaskRecord): Json {
    if (record.status === 'cancelled') throw new RpcError(Code.InternalError, 'The task was cancelled before it finished');
    if (record.error) throw new RpcError(record.error.code as number, String(record.error.message), record.error.data);
    const result = record.result ?? {};
    const meta = isObject(result._meta) ? result._meta : {};
    return { ...result, _meta: { ...meta, [RELATED_TASK]: { taskId: record.taskId } } };
  }

  /** tasks/result blocks until the task is terminal, or until the client gives up (its signal) or the task expires. */
  async function waitForEnd(record: TaskRecord, signal: AbortSignal | undefined): Promise<void> {
    if (TERMINAL.has(record.status)) return;
    let onAbort = (): void => undefined;
    const aborted = new Promise<void>((resolve) => {
      onAbort = resolve;
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    const expiry = new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, record.expiresAt - Date.now())).unref());
    await Promise.race([record.settled, aborted, expiry]);
    signal?.removeEventListener('abort', onAbort);
    if (!TERMINAL.has(record.status)) throw new RpcError(Code.InternalError, 'The task did not finish in time');
  }

  return {
    async call(call) {
      const support = taskSupportOf(call.tool);
      if (call.legacy) {
        if (!call.version || !legacyTasksServed(call.version)) return call.run(); // no tasks here: `task` is ignored
        const augmented = isObject(call.params.task);
        const name = String(call.params.name);
        if (augmented && support === 'forbidden') throw new RpcError(Code.MethodNotFound, `Tool ${name} does not run as a task`);
        if (!augmented && support === 'required') throw new RpcError(Code.MethodNotFound, `Tool ${name} runs only as a task: call it with params.task`);
        if (!augmented) return call.run();
        return { task: legacyTask(create(call, (call.params.task as Json).ttl)) };
      }
      if (support === 'forbidden') return call.run();
      if (!declaresTasksExtension(call.clientCapabilities)) {
        if (support === 'required') throw missingExtension(`tools/call ${String(call.params.name)}`);
        return call.run();
      }
      // The server decides: both of its task tools take a while, so a declaring client gets a task.
      return { ...modernTask(create(call, undefined)), resultType: 'task' };
    },

    async legacyRequest(method, params, owner, ctx) {
      switch (method) {
        case 'tasks/get':
          return legacyTask(find(params.taskId, 'legacy', owner));
        case 'tasks/result': {
          const record = find(params.taskId, 'legacy', owner);
          await waitForEnd(record, ctx.signal);
          return underlyingResult(record);
        }
        case 'tasks/list': {
          purgeExpired();
          const own = [...tasks.values()].filter((record) => record.era === 'legacy' && record.owner === owner);
          const start = params.cursor === undefined ? 0 : Number.parseInt(String(params.cursor), 10);
          if (!Number.isInteger(start) || start < 0 || start > own.length || (params.cursor !== undefined && String(start) !== params.cursor)) {
            throw new RpcError(Code.InvalidParams, 'Invalid cursor');
          }
          const page = own.slice(start, start + LIST_PAGE_SIZE);
          const next = start + LIST_PAGE_SIZE < own.length ? { nextCursor: String(start + LIST_PAGE_SIZE) } : {};
          return { tasks: page.map(legacyTask), ...next };
        }
        case 'tasks/cancel': {
          const record = find(params.taskId, 'legacy', owner);
          if (TERMINAL.has(record.status)) throw new RpcError(Code.InvalidParams, `Cannot cancel task: it is already ${record.status}`);
          cancel(record);
          return legacyTask(record);
        }
        default:
          throw new RpcError(Code.MethodNotFound, `Method not found: ${method}`);
      }
    },

    modernRequest(method, params, clientCapabilities) {
      if (!['tasks/get', 'tasks/update', 'tasks/cancel'].includes(method)) throw new RpcError(Code.MethodNotFound, `Method not found: ${method}`);
      if (!declaresTasksExtension(clientCapabilities)) throw missingExtension(method);
      const record = find(params.taskId, 'modern');
      if (method === 'tasks/get') return detailedTask(record);
      // This server never asks for input, so tasks/update has nothing to apply (unknown keys are ignored).
      if (method === 'tasks/cancel' && !TERMINAL.has(record.status)) cancel(record);
      return {};
    },
  };
}
