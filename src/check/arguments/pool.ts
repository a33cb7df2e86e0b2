/**
 * The run's pool of values the server returned, mined from every trace of the run (the shared
 * connection's and each fresh one's): tools/call results, resource lists and reads, prompts,
 * completions. Once per run, before the first use, it asks for what a client would see first
 * (resources/list, and the read-only tools the check may call that need no arguments) so that a
 * tool wanting an existing record's id gets one. Bounded: the newest MAX_VALUES are kept.
 */
import type { McpClient } from '../../client/types.js';
import { withRequestSignal } from '../../client/request-signal.js';
import { isObject } from '../../protocol/jsonrpc.js';
import type { Trace } from '../../wire/trace.js';
import type { CheckContext } from '../types.js';
import { mineResult, type MinedValue } from './mine.js';

const MAX_VALUES = 500;
/** Requests awaiting their answer, per trace: enough for any run's concurrency. */
const MAX_PENDING = 1000;
/** Tools called to seed the pool: a few listing tools are enough. */
const MAX_SEED_CALLS = 3;
const SEED_TIMEOUT_MS = 3000;
const MINED_METHODS = new Set(['tools/call', 'resources/list', 'resources/read', 'prompts/get', 'completion/complete']);

interface Pending {
  method: string;
  params: Record<string, unknown>;
}

interface Pool {
  /** Freshest first. */
  values: MinedValue[];
  next: WeakMap<Trace, number>;
  pending: WeakMap<Trace, Map<unknown, Pending>>;
  seeded?: Promise<void>;
}

const pools = new WeakMap<McpClient, Pool>();

/** What the server has returned so far in this run, freshest first. */
export async function minedValues(ctx: CheckContext): Promise<readonly MinedValue[]> {
  let pool = pools.get(ctx.client);
  if (!pool) {
    pool = { values: [], next: new WeakMap(), pending: new WeakMap() };
    pools.set(ctx.client, pool);
  }
  // Shared by every check: no one check's signal may cancel it.
  pool.seeded ??= withRequestSignal(undefined, () => seed(ctx));
  await pool.seeded;
  for (const trace of ctx.traces()) scan(pool, trace);
  return pool.values;
}

async function seed(ctx: CheckContext): Promise<void> {
  const capabilities = ctx.client.serverCapabilities;
  if (isObject(capabilities.resources)) await ctx.client.listAll('resources/list').catch(() => undefined);
  if (!isObject(capabilities.tools)) return;
  const tools = await ctx.tools().catch(() => []);
  const listing = tools.filter((tool) => {
    const schema = isObject(tool.inputSchema) ? tool.inputSchema : {};
    const required = Array.isArray(schema.required) ? schema.required.length : 0;
    const readOnly = isObject(tool.annotations) && tool.annotations.readOnlyHint === true;
    return readOnly && required === 0 && typeof tool.name === 'string' && ctx.callPolicy(tool).allowed;
  });
  // In parallel, with a short wait: a listing tool that hangs must not hold up every check.
  const timeoutMs = Math.min(ctx.timeoutMs, SEED_TIMEOUT_MS);
  await Promise.all(listing.slice(0, MAX_SEED_CALLS).map((tool) => ctx.client.callTool(String(tool.name), {}, { timeoutMs }).catch(() => undefined)));
}

function scan(pool: Pool, trace: Trace): void {
  const frames = trace.since(pool.next.get(trace) ?? 0);
  let pending = pool.pending.get(trace);
  if (!pending) pool.pending.set(trace, (pending = new Map()));
  const batches: MinedValue[][] = [];
  for (const frame of frames) {
    const message = frame.message;
    if (frame.kind !== 'message' || !isObject(message)) continue;
    if (frame.direction === 'send' && typeof message.method === 'string' && MINED_METHODS.has(message.method) && message.id !== undefined) {
      if (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value);
      pending.set(message.id, { method: message.method, params: isObject(message.params) ? message.params : {} });
    } else if (frame.direction === 'receive' && 'result' in message && pending.has(message.id)) {
      const request = pending.get(message.id)!;
      pending.delete(message.id);
      batches.push(mineResult(request.method, request.params, message.result, label(request)));
    }
  }
  const last = frames.at(-1);
  if (last) pool.next.set(trace, last.seq + 1);
  if (batches.length === 0) return;
  // Freshest answer first (each answer's values in their own order), one entry per key and value.
  const merged = [...batches.reverse().flat(), ...pool.values];
  const seen = new Set<string>();
  pool.values = merged.filter((value) => {
    const key = `${value.key}\u0000${JSON.stringify(value.value)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (pool.values.length > MAX_VALUES) pool.values.length = MAX_VALUES;
}

/** "tools/call list_notes", "resources/read notes://readme", "resources/list". */
function label(request: Pending): string {
  const target = request.params.name ?? request.params.uri;
  return typeof target === 'string' ? `${request.method} ${target.slice(0, 80)}` : request.method;
}
