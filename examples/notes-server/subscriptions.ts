/**
 * Change notifications. Modern clients subscribe with `subscriptions/listen` (one listener per
 * listen request, tagged with its subscription id); legacy sessions get one listener at
 * `initialize` whose resource set is driven by resources/subscribe and unsubscribe.
 */
import { META, RpcError, Code, isObject, type Id, type Json } from './protocol.js';
import type { HandleContext } from './types.js';
import { isNoteUri, noteUri, INDEX_URI } from './resources.js';

export interface ChangeListener {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceUris: Set<string>;
  /** Modern only: the listen request id, stamped on every notification. */
  subscriptionId?: Id;
  send(message: Json): void;
}

export interface SubscriptionHub {
  add(listener: ChangeListener): () => void;
  /** A note was added or deleted: the resource list and the index changed, and so did that note. */
  noteChanged(id: string): void;
  /** The tool and/or prompt list changed (extras.ts). */
  listsChanged(kinds: { tools?: boolean; prompts?: boolean }): void;
}

export function createSubscriptionHub(): SubscriptionHub {
  const listeners = new Set<ChangeListener>();
  const notify = (listener: ChangeListener, method: string, params: Json = {}): void => {
    if (listener.subscriptionId !== undefined) params = { ...params, _meta: { [META.subscriptionId]: listener.subscriptionId } };
    listener.send(Object.keys(params).length ? { jsonrpc: '2.0', method, params } : { jsonrpc: '2.0', method });
  };
  return {
    add(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    noteChanged(id) {
      for (const listener of listeners) {
        if (listener.resourcesListChanged) notify(listener, 'notifications/resources/list_changed');
        for (const uri of [INDEX_URI, noteUri(id)]) {
          if (listener.resourceUris.has(uri)) notify(listener, 'notifications/resources/updated', { uri });
        }
      }
    },
    listsChanged(kinds) {
      for (const listener of listeners) {
        if (kinds.tools && listener.toolsListChanged) notify(listener, 'notifications/tools/list_changed');
        if (kinds.prompts && listener.promptsListChanged) notify(listener, 'notifications/prompts/list_changed');
      }
    },
  };
}

/** The part of a requested SubscriptionFilter this server honours (it has no tasks). */
export function honouredFilter(requested: unknown): Json {
  if (!isObject(requested)) throw new RpcError(Code.InvalidParams, 'subscriptions/listen needs params.notifications (a SubscriptionFilter)');
  const honoured: Json = {};
  for (const key of ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'] as const) {
    if (requested[key] === true) honoured[key] = true;
  }
  if (Array.isArray(requested.resourceSubscriptions)) {
    honoured.resourceSubscriptions = requested.resourceSubscriptions.filter((uri): uri is string => typeof uri === 'string' && isNoteUri(uri));
  }
  return honoured;
}

/**
 * Modern `subscriptions/listen`: acknowledge first, then forward the requested kinds until the
 * client cancels (stdio) or closes the stream (HTTP). Resolves with nothing to send.
 */
export async function listen(hub: SubscriptionHub, id: Id, params: Json, ctx: HandleContext): Promise<undefined> {
  const filter = honouredFilter(params.notifications);
  ctx.send({
    jsonrpc: '2.0',
    method: 'notifications/subscriptions/acknowledged',
    params: { _meta: { [META.subscriptionId]: id }, notifications: filter },
  });
  const remove = hub.add({
    toolsListChanged: filter.toolsListChanged === true,
    promptsListChanged: filter.promptsListChanged === true,
    resourcesListChanged: filter.resourcesListChanged === true,
    resourceUris: new Set((filter.resourceSubscriptions as string[] | undefined) ?? []),
    subscriptionId: id,
    send: ctx.send,
  });
  await new Promise<void>((resolve) => {
    if (!ctx.signal || ctx.signal.aborted) return resolve();
    ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  remove();
  return undefined;
}
