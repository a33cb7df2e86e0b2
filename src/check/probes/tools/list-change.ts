/**
 * One run-wide probe for the list_changed checks (tools, resources, prompts): on a fresh
 * connection (a process of its own over stdio) it listens for change notifications, lists every
 * kind the server declares listChanged for, calls the tools it may call that could change
 * something (not read-only), and after each call lists again and waits for the notification of
 * every list that changed. Modern: a subscriptions/listen stream for those kinds. Legacy: the
 * connection itself over stdio, the GET stream over HTTP.
 */
import { randomUUID } from 'node:crypto';
import { MCPVET_CLIENT_INFO } from '../../../client/base-client.js';
import type { JsonObject, McpClient } from '../../../client/types.js';
import { modernHeaders } from '../../../protocol/headers.js';
import { isNotification, isObject } from '../../../protocol/jsonrpc.js';
import { withModernMeta } from '../../../protocol/meta.js';
import type { Frame } from '../../../wire/trace.js';
import { incomplete, notJudged, pass, skip, violation } from '../../define.js';
import type { CheckContext, Evidence, Finding, NotJudged } from '../../types.js';
import { sampleArguments } from './sample-arguments.js';

export type ListKind = 'tools' | 'resources' | 'prompts';

const KINDS: Record<ListKind, { method: 'tools/list' | 'resources/list' | 'prompts/list'; field: string; key: string; filter: string; notification: string }> =
  {
    tools: { method: 'tools/list', field: 'name', key: 'name', filter: 'toolsListChanged', notification: 'notifications/tools/list_changed' },
    resources: { method: 'resources/list', field: 'uri', key: 'uri', filter: 'resourcesListChanged', notification: 'notifications/resources/list_changed' },
    prompts: { method: 'prompts/list', field: 'name', key: 'name', filter: 'promptsListChanged', notification: 'notifications/prompts/list_changed' },
  };

const MAX_CALLS = 4;
const NOTIFICATION_WAIT_MS = 1500;

export interface KindChange {
  /** The tool call after which the list changed. */
  tool: string;
  added: string[];
  removed: string[];
  notified: boolean;
  evidence: Evidence[];
}

export interface ListChangeProbe {
  /** Tools called, in order. */
  called: string[];
  changes: Partial<Record<ListKind, KindChange>>;
}

export const declaresListChanged = (capabilities: JsonObject, kind: ListKind): boolean =>
  isObject(capabilities[kind]) && (capabilities[kind] as JsonObject).listChanged === true;

/** The finding of one list_changed check: `noun` names the list in messages ("tool", "resource"). */
export async function judgeListChange(ctx: CheckContext, kind: ListKind, noun: string): Promise<Finding> {
  if (!declaresListChanged(ctx.client.serverCapabilities, kind)) return skip(`the server does not declare ${kind}.listChanged`);
  const probe = await probeListChanges(ctx);
  if ('skip' in probe) return notJudged(probe);
  const change = probe.changes[kind];
  const notification = KINDS[kind].notification;
  if (!change) {
    return incomplete(
      'no-change',
      `the ${noun} list did not change after ${probe.called.map((name) => `tools/call ${name}`).join(', ')}; allow a tool that changes it (--allow-call or a --calls file)`,
    );
  }
  const what = [
    change.added.length ? `added ${change.added.slice(0, 3).join(', ')}` : '',
    change.removed.length ? `removed ${change.removed.slice(0, 3).join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  if (change.notified) return pass(`tools/call ${change.tool} changed the ${noun} list (${what}) and ${notification} arrived`);
  return violation(
    'no-notification',
    `tools/call ${change.tool} changed the ${noun} list (${what}), but no ${notification} arrived ${ctx.era === 'modern' ? 'on a subscriptions/listen stream asking for it' : 'on the session'} within ${NOTIFICATION_WAIT_MS / 1000} s; the server declares ${kind}.listChanged`,
    change.evidence,
  );
}

const probes = new WeakMap<McpClient, Promise<ListChangeProbe | NotJudged>>();

export function probeListChanges(ctx: CheckContext): Promise<ListChangeProbe | NotJudged> {
  let probe = probes.get(ctx.client);
  if (!probe) {
    probe = run(ctx);
    probes.set(ctx.client, probe);
  }
  return probe;
}

async function run(ctx: CheckContext): Promise<ListChangeProbe | NotJudged> {
  const kinds = (Object.keys(KINDS) as ListKind[]).filter((kind) => declaresListChanged(ctx.client.serverCapabilities, kind));
  if (kinds.length === 0) return { skip: 'the server declares listChanged for no list' };
  if (!isObject(ctx.client.serverCapabilities.tools)) return { skip: 'the server has no tools that could change a list', incomplete: 'no-callable-tool' };
  const makers: { name: string; args: JsonObject }[] = [];
  const notAllowed: string[] = [];
  for (const tool of await ctx.tools()) {
    if (isObject(tool.annotations) && tool.annotations.readOnlyHint === true) continue;
    const policy = ctx.callPolicy(tool);
    if (!policy.allowed) {
      notAllowed.push(String(tool.name));
      continue;
    }
    const built = policy.args ? { ok: true as const, args: policy.args } : sampleArguments(tool.inputSchema);
    if (built.ok) makers.push({ name: String(tool.name), args: built.args });
  }
  if (makers.length === 0) {
    const hint = notAllowed.length ? ` (${notAllowed.join(', ')}: allow the one that changes a list with --allow-call or a --calls file)` : '';
    return { skip: `no tool that could change a list may be called${hint}`, incomplete: 'no-callable-tool' };
  }
  let client: McpClient | undefined;
  let stream: ChangeStream | undefined;
  try {
    client = await ctx.openClient();
    stream = await openChangeStream(ctx, client, kinds);
    const probe: ListChangeProbe = { called: [], changes: {} };
    let before = await snapshot(client, kinds);
    for (const maker of makers.slice(0, MAX_CALLS)) {
      if (ctx.signal.aborted || kinds.every((kind) => probe.changes[kind])) break;
      const from = client.trace.length;
      const call = await client.callTool(maker.name, maker.args);
      probe.called.push(maker.name);
      const after = await snapshot(client, kinds);
      const changed = kinds.filter((kind) => !probe.changes[kind] && !sameSet(before[kind]!, after[kind]!));
      const arrived = (kind: ListKind) => notificationsSince(client as McpClient, from, KINDS[kind].notification);
      await waitUntil(() => changed.every((kind) => arrived(kind).length > 0), NOTIFICATION_WAIT_MS, ctx.signal);
      for (const kind of changed) {
        const frames = arrived(kind);
        probe.changes[kind] = {
          tool: maker.name,
          added: [...after[kind]!].filter((item) => !before[kind]!.has(item)),
          removed: [...before[kind]!].filter((item) => !after[kind]!.has(item)),
          notified: frames.length > 0,
          evidence: [ctx.evidence(call.frames, client), ...(frames.length ? [{ frames: frames.slice(0, 2) }] : [])],
        };
      }
      before = after;
    }
    return probe;
  } finally {
    // Every path, a failed or aborted one too, ends the connection: over stdio it is a process.
    await stream?.close();
    await client?.close();
    await stream?.done;
  }
}

/** Polls every 25 ms until `done()`, `ms` have passed, or the check is aborted. */
async function waitUntil(done: () => boolean, ms: number, signal: AbortSignal): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && !signal.aborted && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
}

type Snapshot = Partial<Record<ListKind, Set<string>>>;

async function snapshot(client: McpClient, kinds: ListKind[]): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const kind of kinds) {
    const items = await client.listAll(KINDS[kind].method).catch(() => []);
    out[kind] = new Set(items.map((item) => String(item[KINDS[kind].key] ?? JSON.stringify(item))));
  }
  return out;
}

const sameSet = (a: Set<string>, b: Set<string>): boolean => a.size === b.size && [...a].every((item) => b.has(item));

function notificationsSince(client: McpClient, from: number, method: string): Frame[] {
  return client.trace
    .since(from)
    .filter((frame) => frame.direction === 'receive' && isNotification(frame.message) && (frame.message as { method?: string }).method === method);
}

/**
 * Where change notifications arrive. Modern: a subscriptions/listen for the kinds, acknowledged
 * before anything is called. Legacy HTTP: the GET stream of the session. Legacy stdio: stdout.
 */
interface ChangeStream {
  close(): Promise<void>;
  /** Settles once the stream's request has ended. */
  done: Promise<void>;
}

async function openChangeStream(ctx: CheckContext, client: McpClient, kinds: ListKind[]): Promise<ChangeStream> {
  const none = { close: async () => undefined, done: Promise.resolve() };
  if (client.era === 'legacy' && ctx.transport === 'stdio') return none;
  const from = client.trace.length;
  let request: JsonObject | string = '';
  let options = {};
  const id = `mcpvet-list-changed-${randomUUID()}`;
  if (client.era === 'modern') {
    const filter = Object.fromEntries(kinds.map((kind) => [KINDS[kind].filter, true]));
    const params = withModernMeta(
      { notifications: filter },
      { protocolVersion: client.protocolVersion, clientCapabilities: {}, clientInfo: MCPVET_CLIENT_INFO },
    );
    request = { jsonrpc: '2.0', id, method: 'subscriptions/listen', params };
    options = { headers: ctx.transport === 'http' ? modernHeaders({ protocolVersion: client.protocolVersion, method: 'subscriptions/listen', params }) : {} };
  } else {
    options = { httpMethod: 'GET', headers: { accept: 'text/event-stream', 'content-type': null } };
  }
  const done = client
    .raw(request, { ...options, timeoutMs: ctx.timeoutMs * 6 })
    .then(() => undefined)
    .catch(() => undefined);
  // A modern listen is ready once acknowledged. A legacy GET stream sends nothing to wait for:
  // half a second lets the server register it (a refusal shows sooner).
  await waitUntil(
    () => client.trace.since(from).some((frame) => frame.direction === 'receive'),
    client.era === 'modern' ? Math.min(ctx.timeoutMs, 3000) : 500,
    ctx.signal,
  );
  return {
    done,
    async close() {
      if (client.era === 'modern' && ctx.transport === 'stdio') {
        await client
          .raw({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'mcpvet: done listening' } })
          .catch(() => undefined);
      }
    },
  };
}
