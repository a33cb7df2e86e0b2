// Every kind of message the notes server sends, checked against the official JSON Schemas (the oracle).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modern, startStdio, stopAll, type Json, type StdioPeer } from './harness.js';
import { SKIP_REASON, schemaErrors, specAvailable } from './spec-oracle.js';

let peer: StdioPeer;
let nextId = 1;
const call = (method: string, params: Json = modern()): Promise<Json> => peer.request({ jsonrpc: '2.0', id: nextId++, method, params });

beforeAll(() => {
  if (specAvailable) peer = startStdio();
});
afterAll(stopAll);

describe.skipIf(!specAvailable)(`2026-07-28 schema oracle${specAvailable ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  it('the oracle itself rejects a result that breaks the schema', async () => {
    const { result } = await call('server/discover');
    expect(schemaErrors('2026-07-28', 'DiscoverResult', result)).toEqual([]);
    const { resultType: _dropped, ...withoutResultType } = result;
    expect(schemaErrors('2026-07-28', 'DiscoverResult', withoutResultType)).not.toEqual([]);
    expect(schemaErrors('2026-07-28', 'DiscoverResult', { ...result, ttlMs: -1 })).not.toEqual([]);
  });

  it('list, read, get and complete results validate', async () => {
    const cases: [string, string, Json][] = [
      ['ListToolsResult', 'tools/list', modern()],
      ['ListResourcesResult', 'resources/list', modern()],
      ['ListResourceTemplatesResult', 'resources/templates/list', modern()],
      ['ReadResourceResult', 'resources/read', modern({ uri: 'notes://index' })],
      ['ListPromptsResult', 'prompts/list', modern()],
      ['GetPromptResult', 'prompts/get', modern({ name: 'summarize_note', arguments: { id: 'n1' } })],
      ['CompleteResult', 'completion/complete', modern({ ref: { type: 'ref/prompt', name: 'summarize_note' }, argument: { name: 'id', value: 'n' } })],
    ];
    for (const [type, method, params] of cases) {
      const { result } = await call(method, params);
      expect(schemaErrors('2026-07-28', type, result), type).toEqual([]);
    }
    const first = (await call('tools/list')).result;
    const second = (await call('tools/list', modern({ cursor: first.nextCursor }))).result;
    for (const tool of [...first.tools, ...second.tools]) expect(schemaErrors('2026-07-28', 'Tool', tool), tool.name).toEqual([]);
  });

  it('tool results, input_required results and the modern errors validate', async () => {
    const tool = (name: string, args: Json, caps: Json = {}) => call('tools/call', modern({ name, arguments: args }, caps));
    for (const response of [await tool('get_note', { id: 'n1' }), await tool('get_note', { id: 'nope' }), await tool('get_note', { id: 5 })]) {
      expect(schemaErrors('2026-07-28', 'CallToolResult', response.result)).toEqual([]);
    }
    const asked = (await tool('delete_note', { id: 'n1' }, { elicitation: {} })).result;
    expect(schemaErrors('2026-07-28', 'InputRequiredResult', asked)).toEqual([]);
    expect(schemaErrors('2026-07-28', 'MissingRequiredClientCapabilityError', await tool('delete_note', { id: 'n1' }))).toEqual([]);
    expect(schemaErrors('2026-07-28', 'UnsupportedProtocolVersionError', await call('tools/list', modern({}, {}, '1900-01-01')))).toEqual([]);
  });

  it('notifications validate', async () => {
    peer.write({
      jsonrpc: '2.0',
      id: 'listen',
      method: 'subscriptions/listen',
      params: modern({ notifications: { resourcesListChanged: true, resourceSubscriptions: ['notes://index'] } }),
    });
    const ack = await peer.waitFor((m) => m.method === 'notifications/subscriptions/acknowledged', 'ack');
    expect(schemaErrors('2026-07-28', 'SubscriptionsAcknowledgedNotification', ack)).toEqual([]);
    await call('tools/call', modern({ name: 'add_note', arguments: { title: 't', body: 'b' } }));
    expect(
      schemaErrors('2026-07-28', 'ResourceUpdatedNotification', await peer.waitFor((m) => m.method === 'notifications/resources/updated', 'updated')),
    ).toEqual([]);
    expect(
      schemaErrors(
        '2026-07-28',
        'ResourceListChangedNotification',
        await peer.waitFor((m) => m.method === 'notifications/resources/list_changed', 'list_changed'),
      ),
    ).toEqual([]);
    await call('tools/call', modern({ name: 'search_notes', arguments: { query: 'x' }, _meta: { progressToken: 'p' } }));
    expect(
      schemaErrors(
        '2026-07-28',
        'ProgressNotification',
        peer.received.find((m) => m.method === 'notifications/progress'),
      ),
    ).toEqual([]);
    peer.write({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'listen' } });
  });
});

describe.skipIf(!specAvailable)(`2025-11-25 schema oracle${specAvailable ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  it('the legacy handshake, lists, tool results and the elicitation request validate', async () => {
    const legacy = startStdio();
    const rpc = (method: string, params: Json = {}) => legacy.request({ jsonrpc: '2.0', id: nextId++, method, params });
    const init = await rpc('initialize', { protocolVersion: '2025-11-25', capabilities: { elicitation: {} }, clientInfo: { name: 't', version: '0' } });
    expect(schemaErrors('2025-11-25', 'InitializeResult', init.result)).toEqual([]);
    expect(schemaErrors('2025-11-25', 'ListToolsResult', (await rpc('tools/list')).result)).toEqual([]);
    expect(schemaErrors('2025-11-25', 'ListResourcesResult', (await rpc('resources/list')).result)).toEqual([]);
    expect(schemaErrors('2025-11-25', 'CallToolResult', (await rpc('tools/call', { name: 'get_note', arguments: { id: 'n1' } })).result)).toEqual([]);
    legacy.write({ jsonrpc: '2.0', id: 'del', method: 'tools/call', params: { name: 'delete_note', arguments: { id: 'n1' } } });
    const ask = await legacy.waitFor((m) => m.method === 'elicitation/create', 'elicitation/create');
    expect(schemaErrors('2025-11-25', 'ElicitRequest', ask)).toEqual([]);
    legacy.write({ jsonrpc: '2.0', id: ask.id, result: { action: 'cancel' } });
    await legacy.waitFor((m) => m.id === 'del', 'delete result');
  });
});
