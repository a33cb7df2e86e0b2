/**
 * Messages of the modern era (2026-07-28): stateless, with the protocol version, client
 * capabilities and identity in every request's `_meta`, and `resultType` on every result.
 */
import { z } from 'zod';
import { buildCommon, integer, nonNegativeInteger, obj, uri } from './common.js';
import { buildContent } from './content.js';
import { buildEntities } from './entities.js';
import { buildClientFeatures } from './client-features.js';
import { params, table, type SchemaSet } from './schema-set.js';
import { sharedParts } from './parts.js';

export function buildModernSchemas(): SchemaSet {
  const c = buildCommon();
  const content = buildContent(c, 'modern');
  const entities = buildEntities(c, content, 'modern');
  const features = buildClientFeatures(c, content, entities, 'modern');

  const requestMeta = obj({
    'io.modelcontextprotocol/protocolVersion': z.string(),
    'io.modelcontextprotocol/clientCapabilities': entities.clientCapabilities,
    'io.modelcontextprotocol/clientInfo': c.implementation.optional(),
    'io.modelcontextprotocol/logLevel': c.loggingLevel.optional(),
    progressToken: c.progressToken.optional(),
  });
  const notificationMeta = obj({ 'io.modelcontextprotocol/subscriptionId': c.requestId.optional() }).optional();
  const resultMeta = obj({ 'io.modelcontextprotocol/serverInfo': c.implementation.optional() }).optional();

  // MRTR: what a server asks for, and what the client's retry carries back.
  const inputRequest = z.discriminatedUnion('method', [
    obj({ method: z.literal('elicitation/create'), params: features.elicitParams }),
    obj({ method: z.literal('sampling/createMessage'), params: features.createMessageParams }),
    obj({ method: z.literal('roots/list'), params: features.listRootsParams.optional() }),
  ]);
  const inputRequests = z.record(z.string(), inputRequest);
  const inputResponse = z.union([features.elicitResult, features.createMessageResult, features.listRootsResult]);
  const inputResponses = z.record(z.string(), inputResponse);
  const retryFields = { inputResponses: inputResponses.optional(), requestState: z.string().optional() };

  const requestParams = obj({ _meta: requestMeta });
  const paginatedParams = obj({ _meta: requestMeta, cursor: z.string().optional() });
  const callToolParams = obj({ _meta: requestMeta, name: z.string(), arguments: z.record(z.string(), z.unknown()).optional(), ...retryFields });
  const readResourceParams = obj({ _meta: requestMeta, uri: uri(), ...retryFields });
  const getPromptParams = obj({ _meta: requestMeta, name: z.string(), arguments: z.record(z.string(), z.string()).optional(), ...retryFields });
  const completeParams = obj({
    _meta: requestMeta,
    ref: z.discriminatedUnion('type', [
      obj({ type: z.literal('ref/prompt'), name: z.string(), title: z.string().optional() }),
      // `format: uri-template`: a template, so any string.
      obj({ type: z.literal('ref/resource'), uri: z.string() }),
    ]),
    argument: obj({ name: z.string(), value: z.string() }),
    context: obj({ arguments: z.record(z.string(), z.string()).optional() }).optional(),
  });
  const subscriptionFilter = obj({
    toolsListChanged: z.boolean().optional(),
    promptsListChanged: z.boolean().optional(),
    resourcesListChanged: z.boolean().optional(),
    resourceSubscriptions: z.array(z.string()).optional(),
    taskIds: z.array(z.string()).optional(), // added by the tasks extension
  });
  const listenParams = obj({ _meta: requestMeta, notifications: subscriptionFilter });

  const result = <T extends z.core.$ZodLooseShape>(fields: T) => obj({ resultType: z.string(), _meta: resultMeta, ...fields });
  // Discover, list and read results are cacheable: ttlMs and cacheScope are required (SEP-2549).
  const cacheable = { ttlMs: nonNegativeInteger(), cacheScope: z.enum(['public', 'private']) };
  const discoverResult = result({
    supportedVersions: z.array(z.string()),
    capabilities: entities.serverCapabilities,
    instructions: z.string().optional(),
    ...cacheable,
  });
  const page = { nextCursor: z.string().optional(), ...cacheable };
  const listToolsResult = result({ tools: z.array(entities.tool), ...page });
  const listResourcesResult = result({ resources: z.array(content.resource), ...page });
  const listResourceTemplatesResult = result({ resourceTemplates: z.array(entities.resourceTemplate), ...page });
  const listPromptsResult = result({ prompts: z.array(entities.prompt), ...page });
  const readResourceResult = result({ contents: z.array(content.resourceContents), ...cacheable });
  const callToolResult = result({
    content: z.array(content.contentBlock),
    structuredContent: z.unknown().optional(), // any JSON value since 2026-07-28
    isError: z.boolean().optional(),
  });
  const getPromptResult = result({ description: z.string().optional(), messages: z.array(entities.promptMessage) });
  const completeResult = result({
    completion: obj({ values: z.array(z.string()).max(100), total: integer().optional(), hasMore: z.boolean().optional() }),
  });
  const listenResult = obj({
    resultType: z.string(),
    _meta: obj({ 'io.modelcontextprotocol/subscriptionId': c.requestId, 'io.modelcontextprotocol/serverInfo': c.implementation.optional() }),
  });
  const inputRequiredResult = result({ inputRequests: inputRequests.optional(), requestState: z.string().optional() });
  // The tasks extension (io.modelcontextprotocol/tasks): the Task fields beside resultType "task".
  const taskResult = result({
    taskId: z.string(),
    status: z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']),
    statusMessage: z.string().optional(),
    createdAt: z.string(),
    lastUpdatedAt: z.string(),
    ttlMs: z.number().nullable(),
    pollIntervalMs: z.number().optional(),
  });

  const cancelledParams = obj({ requestId: c.requestId, reason: z.string().optional(), _meta: notificationMeta });
  const progressParams = obj({
    progressToken: c.progressToken,
    progress: z.number(),
    total: z.number().optional(),
    message: z.string().optional(),
    _meta: notificationMeta,
  });
  const loggingParams = obj({ level: c.loggingLevel, logger: z.string().optional(), data: z.unknown(), _meta: notificationMeta });
  const acknowledgedParams = obj({ notifications: subscriptionFilter, _meta: notificationMeta });
  const resourceUpdatedParams = obj({ uri: uri(), _meta: notificationMeta });
  const notificationParams = obj({ _meta: notificationMeta });

  const errorObject = obj({ code: integer(), message: z.string(), data: z.unknown().optional() });
  const errorWithData = (code: number, data: z.ZodType) => obj({ code: z.literal(code), message: z.string(), data });

  return {
    era: 'modern',
    clientRequests: table({
      'server/discover': params(requestParams),
      'tools/list': params(paginatedParams),
      'tools/call': params(callToolParams),
      'resources/list': params(paginatedParams),
      'resources/templates/list': params(paginatedParams),
      'resources/read': params(readResourceParams),
      'prompts/list': params(paginatedParams),
      'prompts/get': params(getPromptParams),
      'completion/complete': params(completeParams),
      'subscriptions/listen': params(listenParams),
    }),
    serverRequests: table({}),
    clientNotifications: table({ 'notifications/cancelled': params(cancelledParams) }),
    serverNotifications: table({
      'notifications/cancelled': params(cancelledParams),
      'notifications/progress': params(progressParams),
      'notifications/message': params(loggingParams),
      'notifications/subscriptions/acknowledged': params(acknowledgedParams),
      'notifications/tools/list_changed': params(notificationParams, false),
      'notifications/prompts/list_changed': params(notificationParams, false),
      'notifications/resources/list_changed': params(notificationParams, false),
      'notifications/resources/updated': params(resourceUpdatedParams),
    }),
    results: table({
      'server/discover': discoverResult,
      'tools/list': listToolsResult,
      'tools/call': callToolResult,
      'resources/list': listResourcesResult,
      'resources/templates/list': listResourceTemplatesResult,
      'resources/read': readResourceResult,
      'prompts/list': listPromptsResult,
      'prompts/get': getPromptResult,
      'completion/complete': completeResult,
      'subscriptions/listen': listenResult,
    }),
    clientResults: table({}),
    anyParams: z.record(z.string(), z.unknown()),
    anyResult: result({}),
    errorObject,
    errorsByCode: new Map([
      [-32021, errorWithData(-32021, obj({ requiredCapabilities: entities.clientCapabilities }))],
      [-32022, errorWithData(-32022, obj({ supported: z.array(z.string()), requested: z.string() }))],
    ]),
    inputRequiredResult,
    taskResult,
    parts: table<z.ZodType>({
      RequestMeta: requestMeta,
      ...sharedParts(c, content, entities, features),
      SubscriptionFilter: subscriptionFilter,
      InputRequest: inputRequest,
      InputRequests: inputRequests,
      InputResponse: inputResponse,
      InputResponses: inputResponses,
      Error: errorObject,
    }),
  };
}
