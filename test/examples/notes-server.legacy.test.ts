// The notes server over real stdio in the legacy era (initialize sessions), and the --era switches.
import { afterAll, describe, expect, it } from 'vitest';
import { modern, startStdio, stopAll, type Json, type StdioPeer } from './harness.js';

afterAll(stopAll);

let nextId = 1;
const rpc = (peer: StdioPeer, method: string, params?: Json): Promise<Json> =>
  peer.request({ jsonrpc: '2.0', id: nextId++, method, ...(params ? { params } : {}) });

async function initialized(protocolVersion = '2025-11-25', capabilities: Json = {}, args: string[] = []): Promise<{ peer: StdioPeer; init: Json }> {
  const peer = startStdio(args);
  const init = await rpc(peer, 'initialize', { protocolVersion, capabilities, clientInfo: { name: 'legacy-test', version: '0' } });
  peer.write({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return { peer, init };
}

describe('legacy handshake (dual mode)', () => {
  it('initialize agrees on a served version and describes the server', async () => {
    const { init } = await initialized('2025-06-18');
    expect(init.result).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: { name: 'notes-server' } });
    expect(init.result.capabilities).toMatchObject({ tools: { listChanged: true }, resources: { subscribe: true }, prompts: {}, logging: {} });
    expect(typeof init.result.instructions).toBe('string');
    expect(init.result.resultType).toBeUndefined();
  });

  it('an unknown requested version is answered with 2025-11-25', async () => {
    expect((await initialized('1999-01-01')).init.result.protocolVersion).toBe('2025-11-25');
  });

  it('serves ping, logging/setLevel and legacy-shaped lists; discover is not a legacy method', async () => {
    const { peer } = await initialized();
    expect((await rpc(peer, 'ping')).result).toEqual({});
    expect((await rpc(peer, 'logging/setLevel', { level: 'info' })).result).toEqual({});
    expect((await rpc(peer, 'logging/setLevel', { level: 'loud' })).error.code).toBe(-32602);
    const list = (await rpc(peer, 'tools/list', {})).result;
    expect(list.tools).toHaveLength(3);
    expect(list.resultType).toBeUndefined();
    expect(list.ttlMs).toBeUndefined();
    expect((await rpc(peer, 'server/discover', modern())).error.code).toBe(-32601);
  });

  it('trims fields older revisions do not know', async () => {
    const { peer } = await initialized('2024-11-05');
    const tools = (await rpc(peer, 'tools/list', {})).result.tools;
    expect(tools[0].annotations).toBeUndefined();
    expect(tools[1].outputSchema).toBeUndefined();
    const got = (await rpc(peer, 'tools/call', { name: 'get_note', arguments: { id: 'n1' } })).result;
    expect(got.structuredContent).toBeUndefined();
    const { peer: newer } = await initialized('2025-06-18');
    expect((await rpc(newer, 'tools/call', { name: 'get_note', arguments: { id: 'n1' } })).result.structuredContent).toMatchObject({ id: 'n1' });
  });

  it('a missing resource is -32002 with data.uri', async () => {
    const { peer } = await initialized();
    const { error } = await rpc(peer, 'resources/read', { uri: 'notes://notes/zzz' });
    expect(error).toMatchObject({ code: -32002, data: { uri: 'notes://notes/zzz' } });
  });

  it('resources/subscribe delivers notifications/resources/updated for that uri only', async () => {
    const { peer } = await initialized();
    expect((await rpc(peer, 'resources/subscribe', { uri: 'notes://index' })).result).toEqual({});
    await rpc(peer, 'tools/call', { name: 'add_note', arguments: { title: 't', body: 'b' } });
    const updated = await peer.waitFor((m) => m.method === 'notifications/resources/updated', 'updated');
    expect(updated.params.uri).toBe('notes://index');
    expect(updated.params._meta).toBeUndefined();
    expect(peer.received.filter((m) => m.method === 'notifications/resources/updated' && m.params.uri !== 'notes://index')).toEqual([]);
  });
});

describe('legacy delete confirmation', () => {
  async function deleteWith(answer: Json): Promise<{ peer: StdioPeer; response: Json; request: Json }> {
    const { peer } = await initialized('2025-11-25', { elicitation: {} });
    const id = nextId++;
    peer.write({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'delete_note', arguments: { id: 'n2' } } });
    const request = await peer.waitFor((m) => m.method === 'elicitation/create', 'elicitation/create request');
    expect(request.params).toMatchObject({ mode: 'form', requestedSchema: { required: ['confirm'] } });
    peer.write({ jsonrpc: '2.0', id: request.id, result: answer });
    const response = await peer.waitFor((m) => m.id === id && !('method' in m), 'tools/call response');
    return { peer, response, request };
  }

  it('sends elicitation/create to a client that declared elicitation, and deletes on accept', async () => {
    const { peer, response } = await deleteWith({ action: 'accept', content: { confirm: true } });
    expect(response.result.isError).toBeUndefined();
    expect((await rpc(peer, 'tools/call', { name: 'get_note', arguments: { id: 'n2' } })).result.isError).toBe(true);
  });

  it('keeps the note when the user declines', async () => {
    const { peer, response } = await deleteWith({ action: 'decline' });
    expect(response.result.content[0].text).toMatch(/not deleted/);
    expect((await rpc(peer, 'tools/call', { name: 'get_note', arguments: { id: 'n2' } })).result.isError).toBeUndefined();
  });

  it('a request cancelled while it waits for the client sends nothing more', async () => {
    const { peer } = await initialized('2025-11-25', { elicitation: {} });
    peer.write({ jsonrpc: '2.0', id: 'waiting', method: 'tools/call', params: { name: 'delete_note', arguments: { id: 'n1' } } });
    await peer.waitFor((m) => m.method === 'elicitation/create', 'elicitation/create request');
    peer.write({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'waiting', reason: 'user gave up' } });
    expect((await rpc(peer, 'ping')).result).toEqual({});
    await new Promise((r) => setTimeout(r, 100));
    expect(peer.received.find((m) => m.id === 'waiting')).toBeUndefined();
    expect((await rpc(peer, 'tools/call', { name: 'get_note', arguments: { id: 'n1' } })).result.isError).toBeUndefined();
  });

  it('is a tool error when the client did not declare elicitation', async () => {
    const { peer } = await initialized('2025-11-25', {});
    const { result } = await rpc(peer, 'tools/call', { name: 'delete_note', arguments: { id: 'n2' } });
    expect(result.isError).toBe(true);
    expect(peer.received.filter((m) => m.method === 'elicitation/create')).toEqual([]);
  });
});

describe('--era switches', () => {
  it('--era modern answers initialize with -32022 listing its versions, and serves discover', async () => {
    const peer = startStdio(['--era', 'modern']);
    const { error } = await rpc(peer, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '0' } });
    expect(error).toMatchObject({ code: -32022, data: { supported: ['2026-07-28'], requested: '2025-11-25' } });
    const discover = (await rpc(peer, 'server/discover', modern())).result;
    expect(discover.supportedVersions).toEqual(['2026-07-28']);
  });

  it('--era legacy answers server/discover with -32601 and serves initialize', async () => {
    const peer = startStdio(['--era', 'legacy']);
    expect((await rpc(peer, 'server/discover', modern())).error.code).toBe(-32601);
    // Before initialize, requests are served (with 2025-11-25 semantics) rather than refused.
    expect((await rpc(peer, 'tools/list', modern())).result.tools).toHaveLength(3);
    expect((await rpc(peer, 'initialize', { protocolVersion: '2025-03-26', capabilities: {} })).result.protocolVersion).toBe('2025-03-26');
  });

  it('dual mode stays modern until initialize, then the process is legacy', async () => {
    const peer = startStdio();
    expect((await rpc(peer, 'server/discover', modern())).result.resultType).toBe('complete');
    expect((await rpc(peer, 'ping', modern())).error.code).toBe(-32601);
    await rpc(peer, 'initialize', { protocolVersion: '2025-11-25', capabilities: {} });
    expect((await rpc(peer, 'ping', modern())).result).toEqual({});
  });
});
