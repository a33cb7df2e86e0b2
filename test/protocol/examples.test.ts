// Every official 2026-07-28 example message validates with mcpvet's own validators.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateMessage, validateResult, type ValidationIssue } from '../../src/protocol/validate.js';
import { schemaIssues, schemasFor } from '../../src/protocol/schemas/index.js';
import { EXAMPLES_2026, skipNote, specAvailable } from './spec-dir.js';

const REVISION = '2026-07-28';
type Check = (example: unknown) => ValidationIssue[];

const modern = () => schemasFor('modern');
const part =
  (name: string): Check =>
  (value) => {
    const schema = modern().parts.get(name);
    if (!schema) throw new Error(`no part ${name}`);
    return schemaIssues(schema, value);
  };
const clientRequest: Check = (m) => validateMessage(m, { revision: REVISION, direction: 'client-to-server' });
const serverMessage: Check = (m) => validateMessage(m, { revision: REVISION, direction: 'server-to-client' });
const response =
  (method: string): Check =>
  (m) =>
    validateMessage(m, { revision: REVISION, direction: 'server-to-client', method });
const result =
  (method: string): Check =>
  (r) =>
    validateResult(method, r, REVISION);
const requestParams =
  (method: string): Check =>
  (p) =>
    schemaIssues(modern().clientRequests.get(method)!.schema, p);
const notificationParams =
  (method: string): Check =>
  (p) =>
    schemaIssues(modern().serverNotifications.get(method)!.schema, p);
/** The bare error objects (ParseError, ...) fix the code; check it, then the whole response. */
const errorObject =
  (code: number): Check =>
  (e) => {
    const issues = serverMessage({ jsonrpc: '2.0', id: 1, error: e });
    return (e as { code?: unknown }).code === code ? issues : [...issues, { path: 'code', message: `expected ${code}`, rule: 'test' }];
  };

const METHOD_OF: Record<string, string> = {
  CallTool: 'tools/call',
  Complete: 'completion/complete',
  Discover: 'server/discover',
  GetPrompt: 'prompts/get',
  ListPrompts: 'prompts/list',
  ListResourceTemplates: 'resources/templates/list',
  ListResources: 'resources/list',
  ListTools: 'tools/list',
  ReadResource: 'resources/read',
  SubscriptionsListen: 'subscriptions/listen',
};

/** Official type name -> our validator for it. */
function checkFor(type: string): Check | undefined {
  const match = /^(\w+?)(Request|RequestParams|Result|ResultResponse)$/.exec(type);
  if (match && METHOD_OF[match[1]]) {
    const method = METHOD_OF[match[1]];
    return { Request: clientRequest, RequestParams: requestParams(method), Result: result(method), ResultResponse: response(method) }[match[2]];
  }
  const special: Record<string, Check> = {
    // Input requests and the client's answers travel inside results (MRTR), not as JSON-RPC messages.
    CreateMessageRequest: part('InputRequest'),
    ElicitRequest: part('InputRequest'),
    ListRootsRequest: part('InputRequest'),
    CreateMessageRequestParams: part('CreateMessageRequestParams'),
    ElicitRequestFormParams: part('ElicitRequestFormParams'),
    ElicitRequestURLParams: part('ElicitRequestURLParams'),
    CreateMessageResult: part('CreateMessageResult'),
    ElicitResult: part('ElicitResult'),
    ListRootsResult: part('ListRootsResult'),
    InputRequests: part('InputRequests'),
    InputResponses: part('InputResponses'),
    InputRequiredResult: result('tools/call'),
    PaginatedRequestParams: requestParams('tools/list'),
    CancelledNotificationParams: (p) => schemaIssues(modern().clientNotifications.get('notifications/cancelled')!.schema, p),
    LoggingMessageNotificationParams: notificationParams('notifications/message'),
    ProgressNotificationParams: notificationParams('notifications/progress'),
    ResourceUpdatedNotificationParams: notificationParams('notifications/resources/updated'),
    CancelledNotification: clientRequest, // sent by either side on stdio; the client's example
    HeaderMismatchError: serverMessage,
    MissingRequiredClientCapabilityError: serverMessage,
    UnsupportedProtocolVersionError: serverMessage,
    ParseError: errorObject(-32700),
    InvalidParamsError: errorObject(-32602),
    MethodNotFoundError: errorObject(-32601),
    InternalError: errorObject(-32603),
  };
  if (special[type]) return special[type];
  if (type.endsWith('Notification')) return serverMessage;
  if (/(Enum|Boolean|Number|String)Schema$/.test(type)) return part('PrimitiveSchemaDefinition');
  if (modern().parts.has(type)) return part(type);
  return undefined;
}

/**
 * Examples our validators reject on purpose. This one omits ttlMs and cacheScope, which
 * caching.mdx says a complete resources/read result MUST carry (and ReadResourceResult
 * requires); schema.json lets it through only because ReadResourceResultResponse types
 * `result` as anyOf(InputRequiredResult, ...) and InputRequiredResult needs only resultType.
 * It predates SEP-2549 (its sibling read-resource-with-ttl shows the current shape).
 */
const REJECTED: Record<string, string[]> = {
  'ReadResourceResultResponse/read-resource-result-response.json': ['result.ttlMs', 'result.cacheScope'],
};

function examples(): { type: string; file: string; value: unknown }[] {
  return readdirSync(EXAMPLES_2026).flatMap((type) =>
    readdirSync(join(EXAMPLES_2026, type))
      .filter((f) => f.endsWith('.json'))
      .map((file) => ({ type, file, value: JSON.parse(readFileSync(join(EXAMPLES_2026, type, file), 'utf8')) })),
  );
}

describe.skipIf(!specAvailable)(`official 2026-07-28 examples${skipNote}`, () => {
  const all = specAvailable ? examples() : [];

  it('has a validator for every example type', () => {
    const unmapped = [...new Set(all.map((e) => e.type))].filter((t) => !checkFor(t));
    expect(unmapped).toEqual([]);
    expect(all.length).toBeGreaterThan(100);
  });

  const accepted = all.filter((e) => !REJECTED[`${e.type}/${e.file}`]);
  it.each(accepted.map((e) => [`${e.type}/${e.file}`, e] as const))('%s is valid', (_name, e) => {
    expect(checkFor(e.type)!(e.value)).toEqual([]);
  });

  it.each(Object.entries(REJECTED))('%s is rejected only where the spec text says so', (name, paths) => {
    const e = all.find((x) => `${x.type}/${x.file}` === name);
    expect(e, `example ${name} no longer exists: drop it from REJECTED`).toBeDefined();
    expect(
      checkFor(e!.type)!(e!.value)
        .map((i) => i.path)
        .sort(),
    ).toEqual([...paths].sort());
  });
});
