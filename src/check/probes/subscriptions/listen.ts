/**
 * One `subscriptions/listen` (DIGEST §6), on a connection of its own (a process of its own on
 * stdio), optionally with a change made while it is open. Messages are read from the trace, not
 * from the channel's routing: a notification with a wrong subscription id must still be seen.
 * On stdio a listen never gets a response until cancelled, so the subscription is ended by
 * `notifications/cancelled` and closing the connection (on HTTP, closing the stream ends it).
 */
import { randomUUID } from 'node:crypto';
import { MCPVET_CLIENT_INFO } from '../../../client/base-client.js';
import { withRequestSignal } from '../../../client/request-signal.js';
import type { McpClient, RpcOutcome } from '../../../client/types.js';
import { ErrorCode } from '../../../protocol/errors.js';
import { modernHeaders } from '../../../protocol/headers.js';
import { isNotification, isObject, type JsonObject } from '../../../protocol/jsonrpc.js';
import { META, withModernMeta } from '../../../protocol/meta.js';
import type { Frame } from '../../../wire/trace.js';
import type { CheckContext, NotJudged } from '../../types.js';
import { toolArguments } from '../../arguments/call.js';
import { sampleObject } from '../mrtr/sample-values.js';

export const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';

/** Filter keys, and the notification each one lets through. */
export const KIND_OF_FILTER: Record<string, string> = {
  toolsListChanged: 'notifications/tools/list_changed',
  promptsListChanged: 'notifications/prompts/list_changed',
  resourcesListChanged: 'notifications/resources/list_changed',
  resourceSubscriptions: 'notifications/resources/updated',
};

export interface Listening {
  /** The listen request's id, which is the subscription id. */
  id: string;
  filter: JsonObject;
  /** Notifications of this subscription, in the order they arrived. */
  notifications: { message: JsonObject; frame: Frame }[];
  /** Set when the listen was answered with an error (or a result) instead of a stream. */
  answer?: RpcOutcome;
  /** What the change step did, when one was asked for. */
  change?: string;
}

export type ListenOutcome = Listening | NotJudged;

/** One list-changed kind the server declares (the first of resources, tools, prompts), for a narrow filter. */
export function narrowFilter(capabilities: JsonObject): JsonObject {
  for (const [capability, key] of [
    ['resources', 'resourcesListChanged'],
    ['tools', 'toolsListChanged'],
    ['prompts', 'promptsListChanged'],
  ] as const) {
    const declared = capabilities[capability];
    if (isObject(declared) && declared.listChanged === true) return { [key]: true };
  }
  return { toolsListChanged: true };
}

/** Every list-changed kind the server declares, or all three when it declares none. */
export function broadFilter(capabilities: JsonObject): JsonObject {
  const filter: JsonObject = {};
  for (const [capability, key] of [
    ['resources', 'resourcesListChanged'],
    ['tools', 'toolsListChanged'],
    ['prompts', 'promptsListChanged'],
  ] as const) {
    const declared = capabilities[capability];
    if (isObject(declared) && declared.listChanged === true) filter[key] = true;
  }
  return Object.keys(filter).length ? filter : { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true };
}

/** The first allowed tool that may change something (not read-only), to make a change happen. */
export async function changeMaker(ctx: CheckContext): Promise<{ name: string; args: JsonObject } | NotJudged> {
  if (!isObject(ctx.client.serverCapabilities.tools)) return { skip: 'the server has no tools to make a change with' };
  const reasons: string[] = [];
  for (const tool of await ctx.tools()) {
    if (isObject(tool.annotations) && tool.annotations.readOnlyHint === true) continue;
    const policy = ctx.callPolicy(tool);
    // Not the run's good call: calling a tool that changes lists before the stream is open would spend the change.
    if (policy.allowed) return { name: String(tool.name), args: (await toolArguments(ctx, tool)).candidates?.[0]?.args ?? sampleObject(tool.inputSchema) };
    reasons.push(String(tool.name));
  }
  return {
    skip: `no tool that could cause a change may be called${reasons.length ? ` (${reasons.join(', ')}: allow one with --allow-call or a --calls file)` : ''}`,
    incomplete: 'no-callable-tool',
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `done()` or the deadline. */
async function waitFor(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await sleep(20);
}

const shared = new WeakMap<McpClient, Map<string, Promise<ListenOutcome>>>();

/**
 * One listen per run and filter, with no change made, for the checks that judge only how it is
 * acknowledged: they look at the same subscription, so they share one process instead of one each.
 */
export function sharedListen(ctx: CheckContext, filter: JsonObject): Promise<ListenOutcome> {
  let byFilter = shared.get(ctx.client);
  if (!byFilter) shared.set(ctx.client, (byFilter = new Map()));
  const key = JSON.stringify(filter);
  let outcome = byFilter.get(key);
  if (!outcome) {
    // Shared by several checks: no one check's signal may cancel it.
    outcome = withRequestSignal(undefined, () => listen(ctx, filter));
    byFilter.set(key, outcome);
  }
  return outcome;
}

export async function listen(ctx: CheckContext, filter: JsonObject, change?: { name: string; args: JsonObject }): Promise<ListenOutcome> {
  const client = await ctx.openClient();
  const id = `mcpvet-listen-${randomUUID()}`;
  const params = withModernMeta({ notifications: filter }, { protocolVersion: client.protocolVersion, clientCapabilities: {}, clientInfo: MCPVET_CLIENT_INFO });
  const headers = ctx.transport === 'http' ? modernHeaders({ protocolVersion: client.protocolVersion, method: 'subscriptions/listen', params }) : {};
  const from = client.trace.length;
  let answer: RpcOutcome | undefined;
  let settled = false;
  const pending = client
    .raw({ jsonrpc: '2.0', id, method: 'subscriptions/listen', params }, { headers, timeoutMs: ctx.timeoutMs * 3 })
    .then((outcome) => void (answer = outcome))
    .catch(() => undefined)
    .finally(() => void (settled = true));

  const collected = () => subscriptionMessages(client, from, id);
  try {
    await waitFor(() => settled || collected().length > 0, ctx.timeoutMs);
    if (answer?.error?.code === ErrorCode.MethodNotFound) return { skip: 'the server does not support subscriptions/listen (-32601)' };
    if (answer && (answer.error || answer.result) && collected().length === 0) return { id, filter, notifications: [], answer };
    let changeMade: string | undefined;
    if (change && collected().length > 0) {
      const before = collected().length;
      const outcome = await client.request('tools/call', { name: change.name, arguments: change.args });
      changeMade =
        `tools/call ${change.name} ${outcome.error ? `(error ${outcome.error.code})` : outcome.result?.isError === true ? '(a tool error)' : ''}`.trim();
      await waitFor(() => collected().length > before, 1500);
      await sleep(150); // stragglers of the same change
    }
    return { id, filter, notifications: collected(), answer, change: changeMade };
  } finally {
    if (ctx.transport === 'stdio')
      await client
        .raw({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'mcpvet: done listening' } })
        .catch(() => undefined);
    await client.close();
    await pending;
  }
}

/**
 * Notifications of this listen: on HTTP, the messages of its own stream; on stdio (a process of
 * its own), every notification after the request except request-scoped progress.
 */
function subscriptionMessages(client: McpClient, from: number, id: string): { message: JsonObject; frame: Frame }[] {
  const frames = client.trace.since(from);
  const exchange = frames.find((frame) => frame.direction === 'send' && isObject(frame.message) && frame.message.id === id)?.http?.exchange;
  const out: { message: JsonObject; frame: Frame }[] = [];
  for (const frame of frames) {
    if (frame.direction !== 'receive' || !isNotification(frame.message)) continue;
    if (exchange !== undefined && frame.http?.exchange !== exchange) continue;
    const message = frame.message as unknown as JsonObject;
    if (exchange === undefined && message.method === 'notifications/progress') continue;
    out.push({ message, frame });
  }
  return out;
}

export function subscriptionIdOf(message: JsonObject): unknown {
  const params = isObject(message.params) ? message.params : {};
  return isObject(params._meta) ? params._meta[META.subscriptionId] : undefined;
}

/** The acknowledgement, when the first message is one. */
export function acknowledgement(listening: Listening): JsonObject | undefined {
  const first = listening.notifications[0]?.message;
  return first?.method === ACKNOWLEDGED ? first : undefined;
}

export function describeListenAnswer(listening: Listening): string {
  const answer = listening.answer;
  if (answer?.error) return `error ${answer.error.code} "${answer.error.message}"`;
  if (answer?.result) return 'a result, ending the subscription at once';
  return 'nothing';
}
