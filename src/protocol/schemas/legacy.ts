/**
 * Messages of the legacy era (2024-11-05 to 2025-11-25): an `initialize` handshake, then a
 * session. One set for all four revisions: it follows 2025-11-25, and fields that older
 * revisions lack are optional there anyway, so their messages validate too.
 */
import { z } from 'zod';
import { buildCommon, integer, jsonObject, obj, uri } from './common.js';
import { buildContent } from './content.js';
import { buildEntities } from './entities.js';
import { buildClientFeatures } from './client-features.js';
import { params, table, type SchemaSet } from './schema-set.js';
import { sharedParts } from './parts.js';

export function buildLegacySchemas(): SchemaSet {
  const c = buildCommon();
  const content = buildContent(c, 'legacy');
  const entities = buildEntities(c, content, 'legacy');
  const features = buildClientFeatures(c, content, entities, 'legacy');

  const requestMeta = obj({ progressToken: c.progressToken.optional() }).optional();
  const request = <T extends z.core.$ZodLooseShape>(fields: T) => obj({ _meta: requestMeta, ...fields });
  const paginated = request({ cursor: z.string().optional() });
  const bare = request({});
  const byUri = request({ uri: uri() });
  const byTaskId = request({ taskId: z.string() });
  // 2025-11-25 core tasks: a request may ask to run as a task.
  const taskAugmentation = { task: obj({ ttl: integer().optional() }).optional() };

  const initializeParams = request({
    protocolVersion: z.string(),
    capabilities: entities.clientCapabilities,
    clientInfo: c.implementation,
  });
  const callToolParams = request({ name: z.string(), arguments: z.record(z.string(), z.unknown()).optional(), ...taskAugmentation });
  const getPromptParams = request({ name: z.string(), arguments: z.record(z.string(), z.string()).optional() });
  const completeParams = request({
    ref: z.discriminatedUnion('type', [
      obj({ type: z.literal('ref/prompt'), name: z.string(), title: z.string().optional() }),
      obj({ type: z.literal('ref/resource'), uri: z.string() }),
    ]),
    argument: obj({ name: z.string(), value: z.string() }),
    context: obj({ arguments: z.record(z.string(), z.string()).optional() }).optional(),
  });
  const setLevelParams = request({ level: c.loggingLevel });

  const result = <T extends z.core.$ZodLooseShape>(fields: T) => obj({ _meta: c.meta, ...fields });
  const emptyResult = result({});
  const task = {
    taskId: z.string(),
    status: z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']),
    statusMessage: z.string().optional(),
    createdAt: z.string(),
    lastUpdatedAt: z.string(),
    ttl: integer().nullable(),
    pollInterval: integer().optional(),
  };
  const taskResult = result(task);
  const createTaskResult = result({ task: obj(task) });
  const initializeResult = result({
    protocolVersion: z.string(),
    capabilities: entities.serverCapabilities,
    serverInfo: c.implementation,
    instructions: z.string().optional(),
  });
  const page = { nextCursor: z.string().optional() };
  const callToolResult = result({
    content: z.array(content.contentBlock),
    structuredContent: jsonObject().optional(),
    isError: z.boolean().optional(),
  });
  const completeResult = result({
    completion: obj({ values: z.array(z.string()), total: integer().optional(), hasMore: z.boolean().optional() }),
  });
  const taskResults = {
    'tasks/get': taskResult,
    'tasks/cancel': taskResult,
    'tasks/list': result({ tasks: z.array(obj(task)), ...page }),
    'tasks/result': emptyResult,
  };

  const notificationParams = obj({ _meta: c.meta });
  const notification = <T extends z.core.$ZodLooseShape>(fields: T) => obj({ _meta: c.meta, ...fields });
  // requestId became optional in 2025-11-25 (a task's cancellation names no request).
  const cancelledParams = notification({ requestId: c.requestId.optional(), reason: z.string().optional() });
  const progressParams = notification({
    progressToken: c.progressToken,
    progress: z.number(),
    total: z.number().optional(),
    message: z.string().optional(),
  });
  const taskStatusParams = notification(task);
  const taskRequests = {
    'tasks/get': params(byTaskId),
    'tasks/result': params(byTaskId),
    'tasks/cancel': params(byTaskId),
    'tasks/list': params(paginated, false),
  };

  const errorObject = obj({ code: integer(), message: z.string(), data: z.unknown().optional() });

  return {
    era: 'legacy',
    clientRequests: table({
      initialize: params(initializeParams),
      ping: params(bare, false),
      'tools/list': params(paginated, false),
      'tools/call': params(callToolParams),
      'resources/list': params(paginated, false),
      'resources/templates/list': params(paginated, false),
      'resources/read': params(byUri),
      'resources/subscribe': params(byUri),
      'resources/unsubscribe': params(byUri),
      'prompts/list': params(paginated, false),
      'prompts/get': params(getPromptParams),
      'completion/complete': params(completeParams),
      'logging/setLevel': params(setLevelParams),
      ...taskRequests,
    }),
    serverRequests: table({
      ping: params(bare, false),
      'sampling/createMessage': params(features.createMessageParams.extend(taskAugmentation)),
      'elicitation/create': params(features.elicitParams),
      'roots/list': params(features.listRootsParams, false),
      ...taskRequests,
    }),
    clientNotifications: table({
      'notifications/initialized': params(notificationParams, false),
      'notifications/cancelled': params(cancelledParams),
      'notifications/progress': params(progressParams),
      'notifications/roots/list_changed': params(notificationParams, false),
      'notifications/tasks/status': params(taskStatusParams),
    }),
    serverNotifications: table({
      'notifications/cancelled': params(cancelledParams),
      'notifications/progress': params(progressParams),
      'notifications/message': params(notification({ level: c.loggingLevel, logger: z.string().optional(), data: z.unknown() })),
      'notifications/resources/updated': params(notification({ uri: uri() })),
      'notifications/resources/list_changed': params(notificationParams, false),
      'notifications/tools/list_changed': params(notificationParams, false),
      'notifications/prompts/list_changed': params(notificationParams, false),
      'notifications/elicitation/complete': params(notification({ elicitationId: z.string() })),
      'notifications/tasks/status': params(taskStatusParams),
    }),
    results: table<z.ZodType>({
      initialize: initializeResult,
      ping: emptyResult,
      'tools/list': result({ tools: z.array(entities.tool), ...page }),
      'tools/call': z.union([callToolResult, createTaskResult]),
      'resources/list': result({ resources: z.array(content.resource), ...page }),
      'resources/templates/list': result({ resourceTemplates: z.array(entities.resourceTemplate), ...page }),
      'resources/read': result({ contents: z.array(content.resourceContents) }),
      'resources/subscribe': emptyResult,
      'resources/unsubscribe': emptyResult,
      'prompts/list': result({ prompts: z.array(entities.prompt), ...page }),
      'prompts/get': result({ description: z.string().optional(), messages: z.array(entities.promptMessage) }),
      'completion/complete': completeResult,
      'logging/setLevel': emptyResult,
      ...taskResults,
    }),
    clientResults: table<z.ZodType>({
      ping: emptyResult,
      'sampling/createMessage': z.union([features.createMessageResult, createTaskResult]),
      'elicitation/create': z.union([features.elicitResult, createTaskResult]),
      'roots/list': features.listRootsResult,
      ...taskResults,
    }),
    anyParams: z.record(z.string(), z.unknown()),
    anyResult: emptyResult,
    errorObject,
    errorsByCode: new Map([
      // 2025-11-25 only: URL elicitation required.
      [-32042, obj({ code: z.literal(-32042), message: z.string(), data: obj({ elicitations: z.array(features.elicitUrlParams) }) })],
    ]),
    parts: table<z.ZodType>({
      ...sharedParts(c, content, entities, features),
      InitializeResult: initializeResult,
      Error: errorObject,
    }),
  };
}
