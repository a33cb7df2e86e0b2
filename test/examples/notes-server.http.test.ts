// The notes server over real Streamable HTTP on 127.0.0.1. Needs dist/ (node scripts/build.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mirrored, modern, openStream, post, send, startHttp, stopAll, type HttpServer, type Json } from './harness.js';
import { tamper } from '../../src/check/probes/mrtr/state-flow.js';

let server: HttpServer;
let nextId = 1;
const request = (method: string, params: Json = modern()): Json => ({ jsonrpc: '2.0', id: nextId++, method, params });
const b64 = (value: string): string => `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
/** POSTs a modern request with correct mirrored headers, plus overrides (undefined removes one). */
function postModern(message: Json, overrides: Record<string, string | undefined> = {}) {
  const headers: Record<string, string> = { ...mirrored(message) };
  for (const [name, value] of Object.entries(overrides)) {
    for (const existing of Object.keys(headers)) if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
    if (value !== undefined) headers[name] = value;
  }
  return post(server.url, message, headers);
}

beforeAll(async () => {
  server = await startHttp();
});
afterAll(stopAll);

describe('startup', () => {
  it('prints exactly one ready line to stderr', () => {
    expect(server.stderr.join('')).toBe(`notes-server listening on ${server.url}\n`);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });
});

describe('modern requests', () => {
  it('server/discover is answered with application/json; a client session id is ignored and not echoed', async () => {
    const reply = await postModern(request('server/discover'), { 'Mcp-Session-Id': 'made-up-session' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.headers['mcp-session-id']).toBeUndefined();
    expect(reply.json!.result.resultType).toBe('complete');
  });

  it('missing _meta keys are 400 -32602', async () => {
    const reply = await post(server.url, request('tools/list', {}), { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/list' });
    expect(reply.status).toBe(400);
    expect(reply.json!.error.code).toBe(-32602);
  });

  it('an unsupported version is 400 -32022', async () => {
    const reply = await postModern(request('tools/list', modern({}, {}, '1900-01-01')));
    expect(reply.status).toBe(400);
    expect(reply.json!.error).toMatchObject({ code: -32022, data: { requested: '1900-01-01' } });
  });

  it('an unknown method is 404 -32601', async () => {
    const reply = await postModern(request('notes/unknown'));
    expect(reply.status).toBe(404);
    expect(reply.json!.error.code).toBe(-32601);
  });

  it('a missing client capability is 400 -32021', async () => {
    const reply = await postModern(request('tools/call', modern({ name: 'delete_note', arguments: { id: 'n1' } })));
    expect(reply.status).toBe(400);
    expect(reply.json!.error.code).toBe(-32021);
  });

  it('bad JSON is 400 -32700', async () => {
    const reply = await post(server.url, '{"jsonrpc":', {});
    expect(reply.status).toBe(400);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.json!.error.code).toBe(-32700);
  });

  it('a notification is 202 with no body', async () => {
    const reply = await post(server.url, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 99 } });
    expect(reply.status).toBe(202);
    expect(reply.text).toBe('');
    expect(reply.headers['content-type']).toBeUndefined();
  });

  it('GET and DELETE are 405 without a legacy session', async () => {
    for (const method of ['GET', 'DELETE']) {
      const reply = await send(server.url, method, undefined);
      expect(reply.status).toBe(405);
      expect(reply.headers.allow).toBe('POST');
    }
  });
});

describe('mirrored headers (-32020)', () => {
  const expectMismatch = async (message: Json, overrides: Record<string, string | undefined>) => {
    const reply = await postModern(message, overrides);
    expect(reply.status, JSON.stringify(overrides)).toBe(400);
    expect(reply.json!.error.code).toBe(-32020);
  };
  const getNote = () => request('tools/call', modern({ name: 'get_note', arguments: { id: 'n1' } }));

  it('accepts correct headers', async () => {
    expect((await postModern(getNote())).status).toBe(200);
  });

  it('MCP-Protocol-Version must be present and equal the _meta version', async () => {
    await expectMismatch(request('tools/list'), { 'MCP-Protocol-Version': undefined });
    await expectMismatch(request('tools/list'), { 'MCP-Protocol-Version': '2025-11-25' });
  });

  it('Mcp-Method must be present and equal the method', async () => {
    await expectMismatch(request('tools/list'), { 'Mcp-Method': undefined });
    await expectMismatch(request('tools/list'), { 'Mcp-Method': 'prompts/list' });
  });

  it('Mcp-Name must carry the tool name, prompt name or resource uri', async () => {
    await expectMismatch(getNote(), { 'Mcp-Name': undefined });
    await expectMismatch(getNote(), { 'Mcp-Name': 'list_notes' });
    await expectMismatch(request('resources/read', modern({ uri: 'notes://readme' })), { 'Mcp-Name': 'notes://index' });
    await expectMismatch(request('prompts/get', modern({ name: 'daily_digest' })), { 'Mcp-Name': undefined });
    expect((await postModern(request('resources/read', modern({ uri: 'notes://readme' })))).status).toBe(200);
    expect((await postModern(request('prompts/get', modern({ name: 'daily_digest' })))).status).toBe(200);
  });

  it('decodes the =?base64?...?= form before comparing', async () => {
    expect((await postModern(getNote(), { 'Mcp-Name': b64('get_note') })).status).toBe(200);
    await expectMismatch(getNote(), { 'Mcp-Name': b64('get_notes') });
  });

  it('requires Mcp-Param-Workspace for the x-mcp-header argument, equal to it', async () => {
    const exportIn = (workspace: string) => request('tools/call', modern({ name: 'export_notes', arguments: { workspace, format: 'json' } }));
    const ok = await postModern(exportIn('team'), { 'Mcp-Param-Workspace': 'team' });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.json!.result.content[0].text).workspace).toBe('team');
    await expectMismatch(exportIn('team'), {});
    await expectMismatch(exportIn('team'), { 'Mcp-Param-Workspace': 'other' });
    expect((await postModern(exportIn('Hello, 世界'), { 'Mcp-Param-Workspace': b64('Hello, 世界') })).status).toBe(200);
  });
});

describe('Origin', () => {
  it('a foreign Origin is 403 with a JSON-RPC error without id; the server own origins pass', async () => {
    const message = request('server/discover');
    const denied = await post(server.url, message, { ...mirrored(message), Origin: 'http://evil.example' });
    expect(denied.status).toBe(403);
    expect(denied.json!.error).toBeDefined();
    expect('id' in denied.json!).toBe(false);
    expect((await post(server.url, '{broken', { Origin: 'http://evil.example' })).status).toBe(403); // Origin is checked before parsing
    for (const origin of [`http://localhost:${server.port}`, `http://127.0.0.1:${server.port}`]) {
      expect((await post(server.url, message, { ...mirrored(message), Origin: origin })).status).toBe(200);
    }
  });
});

describe('streams', () => {
  it('a request with a progressToken is answered as text/event-stream: progress, then the result', async () => {
    const message = request('tools/call', modern({ name: 'search_notes', arguments: { query: 'e' }, _meta: { progressToken: 7 } }));
    const reply = await postModern(message);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(reply.headers['x-accel-buffering']).toBe('no');
    const kinds = reply.events.map((e) => e.method ?? 'response');
    expect(kinds.at(-1)).toBe('response');
    expect(kinds.filter((k) => k === 'notifications/progress').length).toBeGreaterThan(0);
    expect(reply.events.at(-1)!.id).toBe(message.id);
  });

  it('a request without a progressToken is plain JSON', async () => {
    const reply = await postModern(request('tools/call', modern({ name: 'search_notes', arguments: { query: 'e' } })));
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
  });

  it('subscriptions/listen streams the acknowledgement and then the requested updates', async () => {
    const message = request('subscriptions/listen', modern({ notifications: { resourceSubscriptions: ['notes://index'] } }));
    const stream = openStream(server.url, 'POST', message, mirrored(message));
    try {
      expect(await stream.status).toBe(200);
      expect((await stream.headers)['content-type']).toMatch(/^text\/event-stream/);
      const ack = await stream.waitFor((e) => e.method === 'notifications/subscriptions/acknowledged', 'ack');
      expect(ack.params._meta['io.modelcontextprotocol/subscriptionId']).toBe(message.id);
      expect(stream.events[0]).toBe(ack);
      const add = request('tools/call', modern({ name: 'add_note', arguments: { title: 'streamed', body: 'b' } }));
      expect((await postModern(add)).status).toBe(200);
      const updated = await stream.waitFor((e) => e.method === 'notifications/resources/updated', 'updated');
      expect(updated.params).toMatchObject({ uri: 'notes://index', _meta: { 'io.modelcontextprotocol/subscriptionId': message.id } });
      expect(stream.events.filter((e) => e.method === 'notifications/resources/list_changed')).toEqual([]); // not requested
    } finally {
      stream.close();
    }
  });
});

describe('MRTR across server instances', () => {
  it('a state minted by one process is honoured by another sharing the data file, and cannot be replayed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notes-server-'));
    try {
      const data = join(dir, 'notes.json');
      const [a, b] = await Promise.all([startHttp(['--data', data]), startHttp(['--data', data])]);
      const caps = { elicitation: {} };
      const call = (url: string, extra: Json = {}) => {
        const message = request('tools/call', modern({ name: 'delete_note', arguments: { id: 'n3' }, ...extra }, caps));
        return post(url, message, mirrored(message));
      };
      const first = (await call(a.url)).json!.result;
      expect(first.resultType).toBe('input_required');
      const answer = { inputResponses: { confirm: { action: 'accept', content: { confirm: true } } } };
      // The check's own tamper(): it changes an inner character (the last one of base64url may carry
      // only padding bits, which decoders ignore, so changing it made this test fail by chance).
      const tampered = await call(b.url, { ...answer, requestState: tamper(first.requestState).state });
      expect(tampered.json!.error.code).toBe(-32602);
      const done = await call(b.url, { ...answer, requestState: first.requestState });
      expect(done.json!.result.content[0].text).toMatch(/Deleted/);
      const replay = await call(a.url, { ...answer, requestState: first.requestState });
      expect(replay.json!.error.code).toBe(-32602);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('--era over HTTP', () => {
  it('--era modern refuses initialize with 400 -32022 and never mints a session', async () => {
    const modernOnly = await startHttp(['--era', 'modern']);
    const reply = await post(modernOnly.url, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {} } });
    expect(reply.status).toBe(400);
    expect(reply.json!.error).toMatchObject({ code: -32022, data: { supported: ['2026-07-28'] } });
    expect(reply.headers['mcp-session-id']).toBeUndefined();
  });

  it('--era legacy answers a modern probe with a 400 that is not a modern error, and serves initialize', async () => {
    const legacyOnly = await startHttp(['--era', 'legacy']);
    const probe = request('server/discover');
    const reply = await post(legacyOnly.url, probe, mirrored(probe));
    expect(reply.status).toBe(400);
    expect([-32020, -32021, -32022]).not.toContain(reply.json!.error.code);
    const init = await post(legacyOnly.url, { jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {} } });
    expect(init.headers['mcp-session-id']).toBeDefined();
    const discover = await post(legacyOnly.url, probe, { 'Mcp-Session-Id': init.headers['mcp-session-id'] as string });
    expect(discover.json!.error.code).toBe(-32601);
  });
});

describe('legacy sessions over HTTP', () => {
  const init = (version = '2025-11-25', capabilities: Json = {}) =>
    post(server.url, {
      jsonrpc: '2.0',
      id: nextId++,
      method: 'initialize',
      params: { protocolVersion: version, capabilities, clientInfo: { name: 'l', version: '0' } },
    });
  const legacyPost = (message: Json, headers: Record<string, string>) => post(server.url, message, headers);

  it('initialize mints a session; later requests need it; DELETE ends it', async () => {
    const reply = await init();
    expect(reply.status).toBe(200);
    const session = reply.headers['mcp-session-id'] as string;
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    const list = { jsonrpc: '2.0', id: nextId++, method: 'tools/list', params: {} };
    const ok = await legacyPost(list, { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-11-25' });
    expect(ok.status).toBe(200);
    expect(ok.json!.result.tools).toHaveLength(3);
    // A missing version header is taken as 2025-03-26; an invalid one is refused.
    expect((await legacyPost(list, { 'Mcp-Session-Id': session })).status).toBe(200);
    expect((await legacyPost(list, { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': 'banana' })).status).toBe(400);
    expect((await legacyPost(list, {})).status).toBe(400);
    expect((await legacyPost(list, { 'Mcp-Session-Id': 'unknown-session', 'MCP-Protocol-Version': '2025-11-25' })).status).toBe(404);
    expect((await send(server.url, 'DELETE', undefined, { 'Mcp-Session-Id': session })).status).toBe(200);
    expect((await legacyPost(list, { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-11-25' })).status).toBe(404);
  });

  it('GET with a session opens the notification stream', async () => {
    const session = (await init()).headers['mcp-session-id'] as string;
    const headers = { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-11-25' };
    const stream = openStream(server.url, 'GET', undefined, headers);
    try {
      expect(await stream.status).toBe(200);
      await legacyPost({ jsonrpc: '2.0', id: nextId++, method: 'resources/subscribe', params: { uri: 'notes://index' } }, headers);
      await legacyPost({ jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name: 'add_note', arguments: { title: 'x', body: 'y' } } }, headers);
      expect((await stream.waitFor((e) => e.method === 'notifications/resources/updated', 'updated')).params.uri).toBe('notes://index');
      // Ending the session ends its stream.
      expect((await send(server.url, 'DELETE', undefined, headers)).status).toBe(200);
      await stream.ended;
    } finally {
      stream.close();
    }
  });

  it('delete_note sends elicitation/create on the POST stream and takes the answer as a POST', async () => {
    const session = (await init('2025-11-25', { elicitation: {} })).headers['mcp-session-id'] as string;
    const headers = { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-11-25' };
    const add = await legacyPost(
      { jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name: 'add_note', arguments: { title: 'gone', body: 'soon' } } },
      headers,
    );
    const id = add.json!.result.structuredContent.id;
    const callId = nextId++;
    const stream = openStream(
      server.url,
      'POST',
      { jsonrpc: '2.0', id: callId, method: 'tools/call', params: { name: 'delete_note', arguments: { id } } },
      headers,
    );
    try {
      const ask = await stream.waitFor((e) => e.method === 'elicitation/create', 'elicitation/create');
      const answered = await legacyPost({ jsonrpc: '2.0', id: ask.id, result: { action: 'accept', content: { confirm: true } } }, headers);
      expect(answered.status).toBe(202);
      const result = await stream.waitFor((e) => e.id === callId, 'tools/call result');
      expect(result.result.content[0].text).toMatch(/Deleted/);
    } finally {
      stream.close();
    }
  });
});
