/** Realistic messages of both eras, and helpers to break them one field at a time. */

export const MODERN = '2026-07-28';
export const LEGACY = '2025-11-25';

export const requestMeta = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
  'io.modelcontextprotocol/clientInfo': { name: 'mcpvet', version: '0.1.0' },
};

export const request = (method: string, params: Record<string, unknown> = {}, id: string | number = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params: { _meta: structuredClone(requestMeta), ...params },
});
export const legacyRequest = (method: string, params?: Record<string, unknown>, id: string | number = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params ? { params } : {}),
});
export const notification = (method: string, params?: Record<string, unknown>) => ({ jsonrpc: '2.0', method, ...(params ? { params } : {}) });
export const response = (result: unknown, id: string | number = 1) => ({ jsonrpc: '2.0', id, result });
export const errorResponse = (error: unknown, id: string | number = 1) => ({ jsonrpc: '2.0', id, error });

const serverInfo = { _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'notes', version: '1.2.0' } } };
export const complete = (fields: Record<string, unknown>) => ({ resultType: 'complete', ...fields, ...structuredClone(serverInfo) });
const cache = { ttlMs: 60000, cacheScope: 'private' };

export const searchTool = {
  name: 'search_notes',
  title: 'Search notes',
  description: 'Full-text search',
  inputSchema: {
    type: 'object',
    properties: { query: { type: 'string' }, limit: { $ref: '#/$defs/limit' } },
    required: ['query'],
    $defs: { limit: { type: 'integer', minimum: 1 } },
    additionalProperties: false,
  },
  outputSchema: { type: 'array', items: { type: 'string' } },
  annotations: { readOnlyHint: true, openWorldHint: false },
  icons: [{ src: 'https://example.com/search.png', mimeType: 'image/png', sizes: ['48x48'] }],
};

export const allContentBlocks = [
  { type: 'text', text: 'hello', annotations: { audience: ['user'], priority: 0.5 } },
  { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
  { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
  { type: 'resource_link', uri: 'notes://1', name: 'note-1', mimeType: 'text/plain' },
  { type: 'resource', resource: { uri: 'notes://1', mimeType: 'text/plain', text: 'body' } },
  { type: 'resource', resource: { uri: 'notes://2', blob: 'AAEC' } },
];

export const elicitation = {
  method: 'elicitation/create',
  params: {
    mode: 'form',
    message: 'Which folder?',
    requestedSchema: {
      type: 'object',
      properties: {
        folder: { type: 'string', enum: ['inbox', 'archive'] },
        count: { type: 'integer', minimum: 1 },
        confirm: { type: 'boolean', default: false },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
      },
      required: ['folder'],
    },
  },
};

/** Modern messages, each valid, keyed by a name; `method` is the request a response answers. */
export const modernValid: Record<string, { message: unknown; method?: string; direction: 'client-to-server' | 'server-to-client' }> = {
  'discover request': { message: request('server/discover'), direction: 'client-to-server' },
  'tools/list request with cursor': { message: request('tools/list', { cursor: '' }), direction: 'client-to-server' },
  'tools/call request, retry with inputResponses': {
    message: request(
      'tools/call',
      {
        name: 'search_notes',
        arguments: { query: 'x' },
        inputResponses: { folder: { action: 'accept', content: { folder: 'inbox', tags: ['a'] } } },
        requestState: 'opaque',
      },
      'call-2',
    ),
    direction: 'client-to-server',
  },
  'resources/read request': { message: request('resources/read', { uri: 'notes://1' }), direction: 'client-to-server' },
  'prompts/get request': { message: request('prompts/get', { name: 'summarize', arguments: { style: 'short' } }), direction: 'client-to-server' },
  'completion/complete request': {
    message: request('completion/complete', { ref: { type: 'ref/prompt', name: 'summarize' }, argument: { name: 'style', value: 'sh' } }),
    direction: 'client-to-server',
  },
  'subscriptions/listen request': {
    message: request('subscriptions/listen', { notifications: { toolsListChanged: true, resourceSubscriptions: ['notes://1'] } }),
    direction: 'client-to-server',
  },
  'request with logLevel and progressToken': {
    message: { ...request('tools/list'), params: { _meta: { ...requestMeta, 'io.modelcontextprotocol/logLevel': 'debug', progressToken: 7 } } },
    direction: 'client-to-server',
  },
  'discover result': {
    message: response(
      complete({
        supportedVersions: [MODERN, LEGACY],
        capabilities: { tools: { listChanged: true }, resources: {}, extensions: { 'com.example/x': {} } },
        ttlMs: 0,
        cacheScope: 'public',
      }),
    ),
    method: 'server/discover',
    direction: 'server-to-client',
  },
  'tools/list result': {
    message: response(complete({ tools: [searchTool, { name: 'noop', inputSchema: { type: 'object' } }], nextCursor: 'p2', ...cache })),
    method: 'tools/list',
    direction: 'server-to-client',
  },
  'resources/list result': {
    message: response(complete({ resources: [{ uri: 'notes://1', name: 'n1', size: 12, annotations: { lastModified: '2026-01-01T00:00:00Z' } }], ...cache })),
    method: 'resources/list',
    direction: 'server-to-client',
  },
  'resources/templates/list result': {
    message: response(complete({ resourceTemplates: [{ uriTemplate: 'notes://{id}', name: 'note' }], ...cache })),
    method: 'resources/templates/list',
    direction: 'server-to-client',
  },
  'prompts/list result': {
    message: response(complete({ prompts: [{ name: 'summarize', arguments: [{ name: 'style', required: false }] }], ...cache })),
    method: 'prompts/list',
    direction: 'server-to-client',
  },
  'resources/read result': {
    message: response(
      complete({
        contents: [
          { uri: 'notes://1', text: 'x' },
          { uri: 'notes://2', blob: 'AAEC', mimeType: 'application/octet-stream' },
        ],
        ...cache,
      }),
    ),
    method: 'resources/read',
    direction: 'server-to-client',
  },
  'tools/call result with every content block': {
    message: response(complete({ content: allContentBlocks, structuredContent: ['a', 'b'], isError: false })),
    method: 'tools/call',
    direction: 'server-to-client',
  },
  'tools/call input_required result': {
    message: response({ resultType: 'input_required', inputRequests: { folder: elicitation, roots: { method: 'roots/list' } }, requestState: 's1' }),
    method: 'tools/call',
    direction: 'server-to-client',
  },
  'prompts/get result': {
    message: response(complete({ description: 'd', messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] })),
    method: 'prompts/get',
    direction: 'server-to-client',
  },
  'completion/complete result': {
    message: response(complete({ completion: { values: ['short'], total: 1, hasMore: false } })),
    method: 'completion/complete',
    direction: 'server-to-client',
  },
  'subscriptions/listen result': {
    message: response({ resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': 5 } }, 5),
    method: 'subscriptions/listen',
    direction: 'server-to-client',
  },
  'progress notification': {
    message: notification('notifications/progress', { progressToken: 'p', progress: 0.5, total: 1, message: 'half' }),
    direction: 'server-to-client',
  },
  'message notification': { message: notification('notifications/message', { level: 'info', logger: 'db', data: { n: 1 } }), direction: 'server-to-client' },
  'acknowledged notification': {
    message: notification('notifications/subscriptions/acknowledged', {
      _meta: { 'io.modelcontextprotocol/subscriptionId': 5 },
      notifications: { toolsListChanged: true },
    }),
    direction: 'server-to-client',
  },
  'tools list_changed notification': { message: notification('notifications/tools/list_changed'), direction: 'server-to-client' },
  'resources/updated notification': {
    message: notification('notifications/resources/updated', { uri: 'notes://1', _meta: { 'io.modelcontextprotocol/subscriptionId': 'l1' } }),
    direction: 'server-to-client',
  },
  'cancelled notification': { message: notification('notifications/cancelled', { requestId: 3, reason: 'user' }), direction: 'client-to-server' },
  '-32020 header mismatch': { message: errorResponse({ code: -32020, message: 'Header mismatch' }), direction: 'server-to-client' },
  '-32021 missing capability': {
    message: errorResponse({ code: -32021, message: 'needs elicitation', data: { requiredCapabilities: { elicitation: {} } } }),
    direction: 'server-to-client',
  },
  '-32022 unsupported version': {
    message: errorResponse({ code: -32022, message: 'Unsupported protocol version', data: { supported: [MODERN], requested: '1900-01-01' } }),
    direction: 'server-to-client',
  },
  '-32602 resource not found': { message: errorResponse({ code: -32602, message: 'not found', data: { uri: 'notes://9' } }), direction: 'server-to-client' },
};

// Edits poke into deep, known shapes of test messages; typing each would add nothing.
type Edit = (m: any) => void;

/** A broken variant: a valid message (by name), one edit, and where the issue must be reported. */
export interface Broken {
  from: string;
  edit: Edit;
  at: string;
}

const del =
  (key: string): Edit =>
  (o) =>
    delete o[key];

export const modernBroken: Record<string, Broken> = {
  'request without protocolVersion': {
    from: 'discover request',
    edit: (m) => del('io.modelcontextprotocol/protocolVersion')(m.params._meta),
    at: 'params._meta["io.modelcontextprotocol/protocolVersion"]',
  },
  'request without clientCapabilities': {
    from: 'tools/list request with cursor',
    edit: (m) => del('io.modelcontextprotocol/clientCapabilities')(m.params._meta),
    at: 'params._meta["io.modelcontextprotocol/clientCapabilities"]',
  },
  'request without params': { from: 'tools/list request with cursor', edit: del('params'), at: 'params' },
  'request without _meta': { from: 'discover request', edit: (m) => del('_meta')(m.params), at: 'params._meta' },
  'clientInfo without version': {
    from: 'discover request',
    edit: (m) => del('version')(m.params._meta['io.modelcontextprotocol/clientInfo']),
    at: 'params._meta["io.modelcontextprotocol/clientInfo"].version',
  },
  'unknown logLevel': {
    from: 'request with logLevel and progressToken',
    edit: (m) => (m.params._meta['io.modelcontextprotocol/logLevel'] = 'verbose'),
    at: 'params._meta["io.modelcontextprotocol/logLevel"]',
  },
  'null request id': { from: 'discover request', edit: (m) => (m.id = null), at: 'id' },
  'tools/call without name': { from: 'tools/call request, retry with inputResponses', edit: (m) => del('name')(m.params), at: 'params.name' },
  'resources/read uri without scheme': { from: 'resources/read request', edit: (m) => (m.params.uri = 'notes/1'), at: 'params.uri' },
  'elicit answer with unknown action': {
    from: 'tools/call request, retry with inputResponses',
    edit: (m) => (m.params.inputResponses.folder.action = 'ok'),
    at: 'params.inputResponses.folder.action',
  },
  'listen without filter': { from: 'subscriptions/listen request', edit: (m) => del('notifications')(m.params), at: 'params.notifications' },
  'negative ttlMs': { from: 'tools/list result', edit: (m) => (m.result.ttlMs = -1), at: 'result.ttlMs' },
  'fractional ttlMs': { from: 'discover result', edit: (m) => (m.result.ttlMs = 1.5), at: 'result.ttlMs' },
  'wrong cacheScope': { from: 'resources/list result', edit: (m) => (m.result.cacheScope = 'shared'), at: 'result.cacheScope' },
  'missing cacheScope': { from: 'prompts/list result', edit: (m) => del('cacheScope')(m.result), at: 'result.cacheScope' },
  'read result without ttlMs': { from: 'resources/read result', edit: (m) => del('ttlMs')(m.result), at: 'result.ttlMs' },
  'missing resultType': { from: 'tools/list result', edit: (m) => del('resultType')(m.result), at: 'result.resultType' },
  'discover without supportedVersions': { from: 'discover result', edit: (m) => del('supportedVersions')(m.result), at: 'result.supportedVersions' },
  'tool without inputSchema': { from: 'tools/list result', edit: (m) => del('inputSchema')(m.result.tools[1]), at: 'result.tools[1].inputSchema' },
  'inputSchema of type array': {
    from: 'tools/list result',
    edit: (m) => (m.result.tools[0].inputSchema.type = 'array'),
    at: 'result.tools[0].inputSchema.type',
  },
  'inputSchema without type': { from: 'tools/list result', edit: (m) => del('type')(m.result.tools[1].inputSchema), at: 'result.tools[1].inputSchema.type' },
  'tool annotation not boolean': {
    from: 'tools/list result',
    edit: (m) => (m.result.tools[0].annotations.readOnlyHint = 'yes'),
    at: 'result.tools[0].annotations.readOnlyHint',
  },
  'serverInfo without name': {
    from: 'tools/list result',
    edit: (m) => del('name')(m.result._meta['io.modelcontextprotocol/serverInfo']),
    at: 'result._meta["io.modelcontextprotocol/serverInfo"].name',
  },
  'template without uriTemplate': {
    from: 'resources/templates/list result',
    edit: (m) => del('uriTemplate')(m.result.resourceTemplates[0]),
    at: 'result.resourceTemplates[0].uriTemplate',
  },
  'resource size not integer': { from: 'resources/list result', edit: (m) => (m.result.resources[0].size = 1.5), at: 'result.resources[0].size' },
  'unknown content type': {
    from: 'tools/call result with every content block',
    edit: (m) => (m.result.content[0] = { type: 'video', data: 'x' }),
    at: 'result.content[0].type',
  },
  'image data not base64': {
    from: 'tools/call result with every content block',
    edit: (m) => (m.result.content[1].data = 'not base64!'),
    at: 'result.content[1].data',
  },
  'resource_link without name': {
    from: 'tools/call result with every content block',
    edit: (m) => del('name')(m.result.content[3]),
    at: 'result.content[3].name',
  },
  'text block without text': {
    from: 'tools/call result with every content block',
    edit: (m) => del('text')(m.result.content[0]),
    at: 'result.content[0].text',
  },
  'annotation priority above 1': {
    from: 'tools/call result with every content block',
    edit: (m) => (m.result.content[0].annotations.priority = 2),
    at: 'result.content[0].annotations.priority',
  },
  'embedded resource without text or blob': {
    from: 'tools/call result with every content block',
    edit: (m) => del('text')(m.result.content[4].resource),
    at: 'result.content[4].resource.text',
  },
  'isError not boolean': { from: 'tools/call result with every content block', edit: (m) => (m.result.isError = 'yes'), at: 'result.isError' },
  'call result without content': { from: 'tools/call result with every content block', edit: (m) => del('content')(m.result), at: 'result.content' },
  'input request with unknown method': {
    from: 'tools/call input_required result',
    edit: (m) => (m.result.inputRequests.folder.method = 'ping'),
    at: 'result.inputRequests.folder.method',
  },
  'url elicitation without url': {
    from: 'tools/call input_required result',
    edit: (m) => (m.result.inputRequests.folder.params = { mode: 'url', message: 'Log in' }),
    at: 'result.inputRequests.folder.params.url',
  },
  'prompt message with role system': { from: 'prompts/get result', edit: (m) => (m.result.messages[0].role = 'system'), at: 'result.messages[0].role' },
  '101 completion values': {
    from: 'completion/complete result',
    edit: (m) => (m.result.completion.values = Array.from({ length: 101 }, (_, i) => `v${i}`)),
    at: 'result.completion.values',
  },
  'listen result without subscriptionId': {
    from: 'subscriptions/listen result',
    edit: (m) => (m.result._meta = {}),
    at: 'result._meta["io.modelcontextprotocol/subscriptionId"]',
  },
  'progress without progressToken': { from: 'progress notification', edit: (m) => del('progressToken')(m.params), at: 'params.progressToken' },
  'message with unknown level': { from: 'message notification', edit: (m) => (m.params.level = 'trace'), at: 'params.level' },
  'message without data': { from: 'message notification', edit: (m) => del('data')(m.params), at: 'params.data' },
  'acknowledged without filter': { from: 'acknowledged notification', edit: (m) => del('notifications')(m.params), at: 'params.notifications' },
  'resources/updated without uri': { from: 'resources/updated notification', edit: (m) => del('uri')(m.params), at: 'params.uri' },
  'cancelled without requestId': { from: 'cancelled notification', edit: (m) => del('requestId')(m.params), at: 'params.requestId' },
  '-32022 without data': { from: '-32022 unsupported version', edit: (m) => del('data')(m.error), at: 'error.data' },
  '-32022 without data.supported': { from: '-32022 unsupported version', edit: (m) => del('supported')(m.error.data), at: 'error.data.supported' },
  '-32022 with supported not an array': { from: '-32022 unsupported version', edit: (m) => (m.error.data.supported = MODERN), at: 'error.data.supported' },
  '-32022 without data.requested': { from: '-32022 unsupported version', edit: (m) => del('requested')(m.error.data), at: 'error.data.requested' },
  '-32021 without requiredCapabilities': { from: '-32021 missing capability', edit: (m) => (m.error.data = {}), at: 'error.data.requiredCapabilities' },
  'error code not an integer': { from: '-32602 resource not found', edit: (m) => (m.error.code = '-32602'), at: 'error.code' },
  'error without message': { from: '-32020 header mismatch', edit: (m) => del('message')(m.error), at: 'error.message' },
  'jsonrpc 1.0': { from: '-32020 header mismatch', edit: (m) => (m.jsonrpc = '1.0'), at: 'jsonrpc' },
};

/** Legacy (2025-11-25) messages, for the agreement checks against the 2025 schema. */
export const legacyValid: typeof modernValid = {
  'initialize request': {
    message: legacyRequest(
      'initialize',
      { protocolVersion: LEGACY, capabilities: { roots: { listChanged: true } }, clientInfo: { name: 'mcpvet', version: '0.1.0' } },
      0,
    ),
    direction: 'client-to-server',
  },
  'initialize result': {
    message: response({ protocolVersion: LEGACY, capabilities: { tools: {}, logging: {} }, serverInfo: { name: 'notes', version: '1' } }, 0),
    method: 'initialize',
    direction: 'server-to-client',
  },
  'tools/list request without params': { message: legacyRequest('tools/list'), direction: 'client-to-server' },
  'tools/list result without ttl': {
    message: response({ tools: [{ name: 'noop', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { n: { type: 'number' } } } }] }),
    method: 'tools/list',
    direction: 'server-to-client',
  },
  'tools/call result with structuredContent object': {
    message: response({ content: [{ type: 'text', text: '{"n":1}' }], structuredContent: { n: 1 } }),
    method: 'tools/call',
    direction: 'server-to-client',
  },
  'url elicitation request': {
    message: legacyRequest('elicitation/create', { mode: 'url', message: 'Log in', url: 'https://example.com/login', elicitationId: 'e1' }, 9),
    direction: 'server-to-client',
  },
  'sampling answer': {
    message: response({ role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm' }, 9),
    method: 'sampling/createMessage',
    direction: 'client-to-server',
  },
  'cancelled without requestId': { message: notification('notifications/cancelled', { reason: 'task' }), direction: 'client-to-server' },
};

export const legacyBroken: Record<string, Broken> = {
  'initialize without clientInfo': { from: 'initialize request', edit: (m) => del('clientInfo')(m.params), at: 'params.clientInfo' },
  'initialize result without serverInfo': { from: 'initialize result', edit: (m) => del('serverInfo')(m.result), at: 'result.serverInfo' },
  'outputSchema without type object': {
    from: 'tools/list result without ttl',
    edit: (m) => (m.result.tools[0].outputSchema = { type: 'array' }),
    at: 'result.tools[0].outputSchema.type',
  },
  'structuredContent array': {
    from: 'tools/call result with structuredContent object',
    edit: (m) => (m.result.structuredContent = [1]),
    at: 'result.structuredContent',
  },
  'url elicitation without elicitationId': { from: 'url elicitation request', edit: (m) => del('elicitationId')(m.params), at: 'params.elicitationId' },
  'sampling answer without model': { from: 'sampling answer', edit: (m) => del('model')(m.result), at: 'result.model' },
};

export function broken(valid: typeof modernValid, b: Broken) {
  const base = valid[b.from];
  if (!base) throw new Error(`no valid message named ${b.from}`);
  const message = structuredClone(base.message);
  b.edit(message);
  return { ...base, message };
}
