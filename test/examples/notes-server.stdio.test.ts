// The notes server over real stdio, modern era (2026-07-28). Needs dist/ (node scripts/build.mjs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modern, startStdio, stopAll, withTimeout, delay, type Json, type StdioPeer } from './harness.js';

const ELICIT = { elicitation: {} };
let server: StdioPeer;
let nextId = 1;
const call = (method: string, params: Json = modern(), timeoutMs?: number): Promise<Json> =>
  server.request({ jsonrpc: '2.0', id: nextId++, method, params }, timeoutMs);
const tool = (name: string, args: Json, caps: Json = {}, extra: Json = {}): Promise<Json> =>
  call('tools/call', modern({ name, arguments: args, ...extra }, caps));

beforeAll(() => {
  server = startStdio();
});
afterAll(async () => {
  expect(server.nonJson).toEqual([]); // stdout carries only JSON-RPC
  await stopAll();
});

describe('envelope', () => {
  it('server/discover answers with versions, capabilities, caching hints and serverInfo', async () => {
    const { result } = await call('server/discover');
    expect(result.resultType).toBe('complete');
    expect(result.supportedVersions).toEqual(['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
    expect(result.capabilities).toEqual({
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      completions: {},
      extensions: { 'io.modelcontextprotocol/tasks': {} },
      logging: {},
    });
    expect(Number.isInteger(result.ttlMs) && result.ttlMs >= 0).toBe(true);
    expect(['public', 'private']).toContain(result.cacheScope);
    expect(typeof result.instructions).toBe('string');
    expect(result._meta['io.modelcontextprotocol/serverInfo']).toMatchObject({ name: 'notes-server' });
  });

  it('a request without the required _meta keys is -32602; the same request with them succeeds', async () => {
    const bad = await call('tools/list', {});
    expect(bad.error.code).toBe(-32602);
    const noCaps = await call('tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } });
    expect(noCaps.error.code).toBe(-32602);
    expect((await call('tools/list')).result.tools.length).toBeGreaterThan(0);
  });

  it('an unsupported version is -32022 with supported and requested', async () => {
    const { error } = await call('tools/list', modern({}, {}, '1900-01-01'));
    expect(error.code).toBe(-32022);
    expect(error.data).toEqual({ supported: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'], requested: '1900-01-01' });
  });

  it('an unknown method is -32601, and so are legacy-only methods', async () => {
    expect((await call('notes/unknown')).error.code).toBe(-32601);
    expect((await call('ping')).error.code).toBe(-32601);
    expect((await call('resources/subscribe', modern({ uri: 'notes://index' }))).error.code).toBe(-32601);
  });
});

describe('framing', () => {
  it('an unparsable line gets -32700 with id null, and the server keeps going', async () => {
    server.write('{"jsonrpc":"2.0", this is not json');
    const parseError = await server.waitFor((m) => m.error?.code === -32700, 'parse error');
    expect(parseError.id).toBeNull();
    expect((await call('server/discover')).result).toBeDefined();
  });

  it('an invalid request (bad jsonrpc, no method) gets -32600', async () => {
    expect((await server.request({ jsonrpc: '1.0', id: 'bad-version', method: 'tools/list', params: modern() })).error.code).toBe(-32600);
    expect((await server.request({ jsonrpc: '2.0', id: 'no-method', params: modern() })).error.code).toBe(-32600);
  });

  it('unknown notifications are ignored', async () => {
    const before = server.received.length;
    server.write({ jsonrpc: '2.0', method: 'notifications/whatever', params: {} });
    const { result } = await call('server/discover');
    expect(result).toBeDefined();
    expect(server.received.length).toBe(before + 1); // only the discover response arrived
  });
});

describe('tools', () => {
  it('tools/list pages by 3 with an opaque cursor, in a stable order', async () => {
    const first = (await call('tools/list')).result;
    expect(first.tools.map((t: Json) => t.name)).toEqual(['add_note', 'get_note', 'list_notes']);
    expect(typeof first.nextCursor).toBe('string');
    expect(first.ttlMs).toBeGreaterThanOrEqual(0);
    const second = (await call('tools/list', modern({ cursor: first.nextCursor }))).result;
    expect(second.tools.map((t: Json) => t.name)).toEqual(['search_notes', 'delete_note', 'export_notes']);
    const third = (await call('tools/list', modern({ cursor: second.nextCursor }))).result;
    expect(third.tools.map((t: Json) => t.name)).toEqual(['toggle_extras', 'count_words', 'build_index']);
    expect(third.nextCursor).toBeUndefined();
    expect((await call('tools/list')).result).toEqual(first);
  });

  it('--page-size changes the page size', async () => {
    const peer = startStdio(['--page-size', '10']);
    const { result } = await peer.request({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: modern() });
    expect(result.tools).toHaveLength(9);
    expect(result.nextCursor).toBeUndefined();
    await peer.close();
  });

  it('an invalid cursor is -32602', async () => {
    expect((await call('tools/list', modern({ cursor: 'not-a-cursor' }))).error.code).toBe(-32602);
    expect((await call('tools/list', modern({ cursor: '' }))).error.code).toBe(-32602);
  });

  it('declares schemas and annotations accurately', async () => {
    const first = (await call('tools/list')).result;
    const tools = [...first.tools, ...(await call('tools/list', modern({ cursor: first.nextCursor }))).result.tools];
    const byName = Object.fromEntries(tools.map((t: Json) => [t.name, t]));
    expect(byName.list_notes.inputSchema).toEqual({ type: 'object', additionalProperties: false });
    for (const name of ['get_note', 'list_notes', 'search_notes', 'export_notes']) expect(byName[name].annotations.readOnlyHint).toBe(true);
    expect(byName.delete_note.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.add_note.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.export_notes.inputSchema.properties.workspace['x-mcp-header']).toBe('Workspace');
    expect(byName.search_notes.inputSchema.properties.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 50 });
  });

  it('get_note returns structuredContent and the same JSON as text; an unknown id is a tool error', async () => {
    const { result } = await tool('get_note', { id: 'n2' });
    expect(result.structuredContent).toEqual({ id: 'n2', title: 'Groceries', body: 'Milk, eggs, bread.', tags: ['home', 'todo'] });
    expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
    expect(result.isError).toBeUndefined();
    const missing = (await tool('get_note', { id: 'nope' })).result;
    expect(missing.isError).toBe(true);
  });

  it('schema-invalid arguments are a tool error (SEP-1303); an unknown tool is -32602', async () => {
    expect((await tool('get_note', { id: 42 })).result.isError).toBe(true);
    expect((await tool('list_notes', { extra: 1 })).result.isError).toBe(true);
    expect((await tool('search_notes', { query: 'milk', limit: 51 })).result.isError).toBe(true);
    expect((await tool('search_notes', { query: 'milk', limit: 5 })).result.isError).toBeUndefined();
    expect((await tool('no_such_tool', {})).error.code).toBe(-32602);
  });

  it('search_notes reports increasing progress only when asked', async () => {
    const token = 'search-progress';
    const { result } = await tool('search_notes', { query: 'e' }, {}, { _meta: { progressToken: token } });
    expect(result.content[0].text).toContain('n1');
    const progress = server.received.filter((m) => m.method === 'notifications/progress' && m.params.progressToken === token);
    expect(progress.length).toBeGreaterThan(0);
    const values = progress.map((p) => p.params.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    const before = server.received.length;
    await tool('search_notes', { query: 'e' });
    expect(server.received.slice(before).filter((m) => m.method === 'notifications/progress')).toEqual([]);
  });
});

describe('delete_note confirmation (MRTR)', () => {
  async function addNote(title: string): Promise<string> {
    return (await tool('add_note', { title, body: 'to delete' })).result.structuredContent.id;
  }

  it('asks with an input_required result, then deletes on an accepted retry with the exact state', async () => {
    const id = await addNote('delete me');
    const first = (await tool('delete_note', { id }, ELICIT)).result;
    expect(first.resultType).toBe('input_required');
    expect(first.inputRequests.confirm).toMatchObject({
      method: 'elicitation/create',
      params: { mode: 'form', requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] } },
    });
    expect(typeof first.requestState).toBe('string');
    expect((await tool('get_note', { id })).result.isError).toBeUndefined(); // nothing deleted yet

    const retry = (
      await tool('delete_note', { id }, ELICIT, {
        inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
        requestState: first.requestState,
      })
    ).result;
    expect(retry.resultType).toBe('complete');
    expect(retry.isError).toBeUndefined();
    expect((await tool('get_note', { id })).result.isError).toBe(true);

    // The same state again, after it completed: a replay.
    const replay = await tool('delete_note', { id }, ELICIT, {
      inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
      requestState: first.requestState,
    });
    expect(replay.error.code).toBe(-32602);
  });

  it('rejects a tampered state and a state bound to other arguments', async () => {
    const id = await addNote('keep me');
    const other = await addNote('and me');
    const { requestState } = (await tool('delete_note', { id }, ELICIT)).result;
    const accept = { confirm: { action: 'accept', content: { confirm: true } } };
    const [payload, mac] = requestState.split('.');
    const claim = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claim, exp: claim.exp + 1 })).toString('base64url')}.${mac}`;
    expect((await tool('delete_note', { id }, ELICIT, { inputResponses: accept, requestState: forged })).error.code).toBe(-32602);
    expect((await tool('delete_note', { id }, ELICIT, { inputResponses: accept, requestState: `${requestState}x` })).error.code).toBe(-32602);
    expect((await tool('delete_note', { id: other }, ELICIT, { inputResponses: accept, requestState })).error.code).toBe(-32602);
    expect((await tool('get_note', { id: other })).result.isError).toBeUndefined();
    // The untouched state still works.
    expect((await tool('delete_note', { id }, ELICIT, { inputResponses: accept, requestState })).result.content[0].text).toMatch(/Deleted/);
  });

  it('a declined confirmation deletes nothing', async () => {
    const id = await addNote('declined');
    const { requestState } = (await tool('delete_note', { id }, ELICIT)).result;
    const result = (await tool('delete_note', { id }, ELICIT, { inputResponses: { confirm: { action: 'decline' } }, requestState })).result;
    expect(result.isError).toBeUndefined();
    expect((await tool('get_note', { id })).result.isError).toBeUndefined();
  });

  it('without the elicitation capability in this request it is -32021 naming elicitation', async () => {
    const id = await addNote('no elicitation');
    const { error } = await tool('delete_note', { id }, {});
    expect(error.code).toBe(-32021);
    expect(error.data).toEqual({ requiredCapabilities: { elicitation: {} } });
    // Capabilities are read from each request, never remembered: declaring it now works.
    expect((await tool('delete_note', { id }, ELICIT)).result.resultType).toBe('input_required');
  });
});

describe('resources, prompts, completion', () => {
  it('lists and reads the readme, the index and notes', async () => {
    const { result } = await call('resources/list');
    expect(result.resources.map((r: Json) => r.uri)).toEqual(expect.arrayContaining(['notes://readme', 'notes://index', 'notes://notes/n1']));
    expect((await call('resources/templates/list')).result.resourceTemplates[0].uriTemplate).toBe('notes://notes/{id}');
    const readme = (await call('resources/read', modern({ uri: 'notes://readme' }))).result;
    expect(readme.contents[0]).toMatchObject({ uri: 'notes://readme', mimeType: 'text/markdown' });
    expect(readme).toMatchObject({ resultType: 'complete', cacheScope: 'public' });
    const index = (await call('resources/read', modern({ uri: 'notes://index' }))).result;
    expect(index.contents[0].mimeType).toBe('application/json');
    expect(JSON.parse(index.contents[0].text)[0]).toMatchObject({ id: 'n1' });
    expect((await call('resources/read', modern({ uri: 'notes://notes/n1' }))).result.contents[0].text).toContain('Welcome');
  });

  it('an unknown resource is -32602 with data.uri (never an empty contents)', async () => {
    const { error } = await call('resources/read', modern({ uri: 'notes://notes/missing' }));
    expect(error.code).toBe(-32602);
    expect(error.data).toEqual({ uri: 'notes://notes/missing' });
  });

  it('prompts: get works; an unknown prompt or a missing argument is -32602', async () => {
    expect((await call('prompts/list')).result.prompts.map((p: Json) => p.name)).toEqual(['summarize_note', 'daily_digest']);
    const summary = (await call('prompts/get', modern({ name: 'summarize_note', arguments: { id: 'n1' } }))).result;
    expect(summary.messages[0].content.text).toContain('Welcome');
    expect((await call('prompts/get', modern({ name: 'daily_digest' }))).result.messages).toHaveLength(1);
    expect((await call('prompts/get', modern({ name: 'summarize_note', arguments: {} }))).error.code).toBe(-32602);
    expect((await call('prompts/get', modern({ name: 'nope' }))).error.code).toBe(-32602);
  });

  it('completes note ids by prefix for the prompt and the template', async () => {
    const forPrompt = (
      await call('completion/complete', modern({ ref: { type: 'ref/prompt', name: 'summarize_note' }, argument: { name: 'id', value: 'n2' } }))
    ).result;
    expect(forPrompt.completion.values).toEqual(['n2']);
    const forTemplate = (
      await call('completion/complete', modern({ ref: { type: 'ref/resource', uri: 'notes://notes/{id}' }, argument: { name: 'id', value: 'n' } }))
    ).result;
    expect(forTemplate.completion.values).toEqual(expect.arrayContaining(['n1', 'n2', 'n3']));
    expect((await call('completion/complete', modern({ ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'id', value: '' } }))).error.code).toBe(
      -32602,
    );
  });
});

describe('subscriptions/listen', () => {
  it('acknowledges first, sends only the requested kinds with the subscription id, and stops on cancel', async () => {
    const listenId = 'listen-1';
    const sub = (m: Json): boolean => m.params?._meta?.['io.modelcontextprotocol/subscriptionId'] === listenId;
    server.write({
      jsonrpc: '2.0',
      id: listenId,
      method: 'subscriptions/listen',
      params: modern({ notifications: { resourcesListChanged: true, resourceSubscriptions: ['notes://index', 'https://elsewhere/x'], taskIds: ['t1'] } }),
    });
    const ack = await server.waitFor((m) => m.method === 'notifications/subscriptions/acknowledged' && sub(m), 'acknowledgement');
    expect(ack.params.notifications).toEqual({ resourcesListChanged: true, resourceSubscriptions: ['notes://index'] });
    expect(server.received.filter(sub)[0]).toBe(ack);

    // Other requests are not blocked behind the open subscription.
    await tool('add_note', { title: 'heard', body: 'x' });
    await server.waitFor((m) => m.method === 'notifications/resources/list_changed' && sub(m), 'list_changed');
    await server.waitFor((m) => m.method === 'notifications/resources/updated' && m.params.uri === 'notes://index' && sub(m), 'updated');
    expect(server.received.filter((m) => m.method === 'notifications/tools/list_changed')).toEqual([]);

    server.write({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: listenId } });
    await delay(100);
    const count = server.received.filter(sub).length;
    await tool('add_note', { title: 'unheard', body: 'x' });
    await delay(100);
    expect(server.received.filter(sub).length).toBe(count);
    expect(server.received.find((m) => m.id === listenId)).toBeUndefined(); // cancelled: no response either
  });
});

describe('process lifetime', () => {
  it('exits promptly with 0 on stdin EOF, even with a subscription open', async () => {
    const peer = startStdio();
    peer.write({ jsonrpc: '2.0', id: 'l', method: 'subscriptions/listen', params: modern({ notifications: { toolsListChanged: true } }) });
    await peer.waitFor((m) => m.method === 'notifications/subscriptions/acknowledged', 'ack');
    const start = Date.now();
    peer.child.stdin!.end();
    expect(await withTimeout(peer.exited, 3000, 'exit after EOF')).toBe(0);
    expect(Date.now() - start).toBeLessThan(2000);
  });

  it('answers a request written just before EOF', async () => {
    const peer = startStdio();
    peer.write({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: modern() });
    peer.child.stdin!.end();
    await withTimeout(peer.exited, 3000, 'exit after EOF');
    expect(peer.received.find((m) => m.id === 1)?.result?.resultType).toBe('complete');
  });

  it('exits on SIGTERM', async () => {
    const peer = startStdio();
    await peer.request({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: modern() });
    peer.child.kill('SIGTERM');
    expect(await withTimeout(peer.exited, 3000, 'exit after SIGTERM')).toBe(0);
  });
});
