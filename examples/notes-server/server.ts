/** The transport-independent core: one message in, at most one response out. */
import { Code, LATEST_LEGACY_VERSION, META, RpcError, errorResponse, isId, isObject, kindOf, resultResponse, type Json } from './protocol.js';
import { createLegacySession, type HandleContext, type LegacySession, type NotesServer, type NotesServerOptions } from './types.js';
import { createStore } from './store.js';
import { DEV_STATE_SECRET } from './request-state.js';
import { createSubscriptionHub, listen } from './subscriptions.js';
import { callTool, findTool, listedTools, type ToolEnv } from './tools.js';
import { listResources, listResourceTemplates, readResource, isNoteUri } from './resources.js';
import { listPrompts, getPrompt } from './prompts.js';
import { complete } from './completion.js';
import { paginate } from './pagination.js';
import { checkModernEnvelope, discoverResult, initializeResult, servedVersions, shapeLegacyResult, shapeModernResult } from './era.js';
import { checkModernHeaders } from './http-headers.js';
import { LEGACY_TASKS_CAPABILITY, TASKS_EXTENSION, createTaskManager, legacyTasksServed } from './tasks.js';
import { LOG_LEVELS } from './logging.js';

export function createNotesServer(options: NotesServerOptions = {}): NotesServer {
  const era = options.era ?? 'dual';
  const pageSize = options.pageSize ?? 3;
  const hooks = options.hooks ?? {};
  const hub = createSubscriptionHub();
  let requestCounter = 0;
  const env: ToolEnv = {
    store: createStore(options.dataFile),
    hub,
    stateSecret: options.stateSecret ?? process.env.NOTES_STATE_SECRET ?? DEV_STATE_SECRET,
    stateTtlMs: options.requestStateTtlMs ?? 300_000,
    elicitationTimeoutMs: options.elicitationTimeoutMs ?? 30_000,
    nextRequestId: () => `notes-server-${++requestCounter}`,
    extras: { shown: false },
  };
  const tasks = options.tasks === false ? undefined : createTaskManager(options.taskWorkMs);

  /**
   * Dual mode: `initialize` switches the stdio process / HTTP session to legacy; anything before it
   * is modern. Legacy mode: everything is legacy, and on stdio requests that arrive before
   * `initialize` are served (as 2025-11-25) rather than refused, as many legacy servers do.
   */
  const isLegacy = (message: Json, ctx: HandleContext): boolean =>
    era === 'legacy' || (era === 'dual' && (message.method === 'initialize' || ctx.session?.protocolVersion !== undefined));

  /** Requests both eras share; `legacy` picks error codes and capability sources. */
  async function common(
    method: string,
    params: Json,
    ctx: HandleContext,
    legacy: boolean,
    clientCapabilities: Json,
    version?: string,
  ): Promise<Json | undefined> {
    // With bearer auth, the caller sees the seeded notes and its own (store.ts).
    const own: ToolEnv = ctx.principal === undefined ? env : { ...env, store: env.store.as(ctx.principal) };
    const { store } = own;
    switch (method) {
      case 'tools/list': {
        const listed = listedTools(env.extras);
        const { page, nextCursor } = paginate('tools', ctx.toolFilter ? listed.filter(ctx.toolFilter) : listed, params.cursor, pageSize);
        // execution.taskSupport is 2025-11-25's (shapeLegacyResult trims it for older versions).
        const tools = legacy && tasks ? page : page.map(({ execution: _, ...tool }) => tool);
        return { tools, ...(nextCursor ? { nextCursor } : {}), ttlMs: 300_000, cacheScope: 'public' };
      }
      case 'tools/call': {
        const run = (taskCtx?: HandleContext) => callTool(own, { params: withoutTask(params), legacy, clientCapabilities, ctx: taskCtx ?? ctx });
        if (!tasks) return run();
        return tasks.call({ tool: findTool(params.name), params, legacy, version, clientCapabilities, owner: ctx.session, run });
      }
      case 'resources/list':
        paginate('resources', [], params.cursor, 1); // no second page exists: any cursor is invalid
        return listResources(store);
      case 'resources/templates/list':
        paginate('templates', [], params.cursor, 1);
        return listResourceTemplates();
      case 'resources/read':
        return readResource(store, params, legacy);
      case 'prompts/list':
        paginate('prompts', [], params.cursor, 1);
        return listPrompts(env.extras);
      case 'prompts/get':
        return getPrompt(store, params, env.extras);
      case 'completion/complete':
        return complete(store, params);
      default:
        throw new RpcError(Code.MethodNotFound, `Method not found: ${method}`);
    }
  }

  async function modernRequest(message: Json, ctx: HandleContext): Promise<Json | undefined> {
    const method = message.method as string;
    const params = isObject(message.params) ? message.params : {};
    // A modern-only server still tells legacy clients which versions it speaks (DIGEST §2).
    if (method === 'initialize') {
      throw new RpcError(Code.UnsupportedProtocolVersion, 'This server speaks only 2026-07-28; initialize is not supported', {
        supported: servedVersions(era),
        requested: String(params.protocolVersion ?? ''),
      });
    }
    const envelopeError = checkModernEnvelope(message.params, era);
    if (envelopeError) throw envelopeError;
    if (ctx.headers) checkModernHeaders(message, ctx.headers, method === 'tools/call' ? findTool(params.name, env.extras) : undefined);
    const capabilities = (params._meta as Json)[META.clientCapabilities] as Json;
    if (method === 'server/discover') return shapeModernResult(withTasksExtension(discoverResult(era)));
    if (method === 'subscriptions/listen') return listen(hub, message.id as string | number, params, ctx);
    if (tasks && method.startsWith('tasks/')) return shapeModernResult(tasks.modernRequest(method, params, capabilities));
    const result = await common(method, params, ctx, false, capabilities);
    return result && shapeModernResult(result);
  }

  async function legacyRequest(message: Json, ctx: HandleContext): Promise<Json | undefined> {
    const method = message.method as string;
    const params = isObject(message.params) ? message.params : {};
    // Only in-process callers omit the session; give them a throwaway one.
    const session = ctx.session ?? createLegacySession();
    const version = session.protocolVersion ?? LATEST_LEGACY_VERSION;
    switch (method) {
      case 'initialize': {
        const result = initializeResult(params, session);
        if (tasks && legacyTasksServed(session.protocolVersion!)) (result.capabilities as Json).tasks = LEGACY_TASKS_CAPABILITY;
        session.dispose ??= hub.add({
          toolsListChanged: true,
          promptsListChanged: true,
          resourcesListChanged: true,
          resourceUris: session.subscribedUris,
          send: (notification) => session.notify?.(notification),
        });
        return result;
      }
      case 'ping':
        return {};
      case 'logging/setLevel':
        if (!LOG_LEVELS.includes(params.level as string)) throw new RpcError(Code.InvalidParams, `Unknown log level: ${String(params.level)}`);
        session.logLevel = params.level as string;
        return {};
      case 'resources/subscribe':
      case 'resources/unsubscribe': {
        const uri = params.uri;
        if (typeof uri !== 'string' || !isNoteUri(uri)) throw new RpcError(Code.InvalidParams, 'Cannot subscribe to this uri', { uri });
        if (method === 'resources/subscribe') session.subscribedUris.add(uri);
        else session.subscribedUris.delete(uri);
        return {};
      }
    }
    if (tasks && legacyTasksServed(version) && method.startsWith('tasks/')) return tasks.legacyRequest(method, params, session, ctx);
    const result = await common(method, params, { ...ctx, session }, true, session.clientCapabilities, version);
    return result && shapeLegacyResult(method, result, version);
  }

  async function dispatch(message: Json, ctx: HandleContext): Promise<Json | undefined> {
    switch (kindOf(message)) {
      case 'invalid':
        return errorResponse(
          isId(message.id) ? message.id : null,
          Code.InvalidRequest,
          'Invalid request: not a JSON-RPC 2.0 request, notification or response',
        );
      case 'response':
        // The answer to one of our legacy server -> client requests (elicitation/create).
        ctx.session?.pending.get(message.id as string | number)?.(message);
        return undefined;
      case 'notification':
        if (message.method === 'notifications/initialized' && ctx.session) ctx.session.initialized = true;
        // notifications/cancelled is acted on by the transports, which own the in-flight requests.
        return undefined;
    }
    const id = message.id as string | number;
    try {
      const result = isLegacy(message, ctx) ? await legacyRequest(message, ctx) : await modernRequest(message, ctx);
      return result && resultResponse(id, result);
    } catch (err) {
      if (err instanceof RpcError) return errorResponse(id, err.code, err.message, err.data);
      process.stderr.write(`notes-server: internal error in ${String(message.method)}: ${(err as Error).message}\n`);
      return errorResponse(id, Code.InternalError, 'Internal error');
    }
  }

  const withTasksExtension = (result: Json): Json =>
    tasks ? { ...result, capabilities: { ...(result.capabilities as Json), extensions: { [TASKS_EXTENSION]: {} } } } : result;

  return {
    era,
    async handle(message, ctx) {
      const shortCut = await hooks.onRequest?.(message, ctx);
      if (shortCut) return shortCut;
      const response = await dispatch(message, ctx);
      return response && hooks.onResponse ? hooks.onResponse(response, message, ctx) : response;
    },
    closeSession(session: LegacySession) {
      session.dispose?.();
      session.dispose = undefined;
      for (const finish of session.pending.values()) finish({ jsonrpc: '2.0', error: { code: Code.InternalError, message: 'Session closed' } });
    },
  };
}

/** The call as an ordinary one: `task` (2025-11-25 task augmentation) is not a tool argument. */
function withoutTask(params: Json): Json {
  const { task: _, ...rest } = params;
  return rest;
}
