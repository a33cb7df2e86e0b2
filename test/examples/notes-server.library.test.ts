// The notes server as a library, the way broken fixtures use it: hooks, in-process transports, requestState.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createNotesServer, digestArgs, openState, sealState, serveHttp, serveStdio, type HandleContext } from '../../examples/notes-server/index.js';
import { mirrored, modern, post, send, withTimeout, type Json } from './harness.js';

const ctx = (): HandleContext => ({ transport: 'stdio', send: () => undefined });

describe('hooks', () => {
  it('onRequest short-circuits one method; everything else is the normal server', async () => {
    const server = createNotesServer({
      hooks: { onRequest: (m) => (m.method === 'tools/list' ? { jsonrpc: '2.0', id: m.id as number, result: { tools: [] } } : undefined) },
    });
    expect(await server.handle({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: modern() }, ctx())).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [] },
    });
    expect(((await server.handle({ jsonrpc: '2.0', id: 2, method: 'server/discover', params: modern() }, ctx())) as Json).result.resultType).toBe('complete');
  });

  it('onResponse rewrites responses, and over HTTP the status follows the rewritten body', async () => {
    const server = createNotesServer({
      hooks: {
        onResponse: (response, request) =>
          request.method === 'server/discover' ? { jsonrpc: '2.0', id: response.id, error: { code: -32601, message: 'hidden' } } : response,
      },
    });
    const http = await serveHttp(server, { port: 0 });
    try {
      const discover = { jsonrpc: '2.0', id: 1, method: 'server/discover', params: modern() };
      const reply = await post(http.url, discover, mirrored(discover));
      expect(reply.status).toBe(404);
      expect(reply.json!.error.message).toBe('hidden');
      const list = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: modern() };
      expect((await post(http.url, list, mirrored(list))).status).toBe(200);
    } finally {
      await http.close();
    }
  });

  it('onHttpRequest can take over the transport (for fixtures that break HTTP rules)', async () => {
    const http = await serveHttp(createNotesServer(), {
      onHttpRequest: (req, res) => {
        if (req.method !== 'GET') return false;
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('not 405');
        return true;
      },
    });
    try {
      expect((await send(http.url, 'GET', undefined)).status).toBe(200);
      expect((await send(http.url, 'DELETE', undefined)).status).toBe(405);
    } finally {
      await http.close();
    }
  });
});

describe('serveStdio on any streams', () => {
  it('frames newline-delimited JSON and finishes when the input ends', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.setEncoding('utf8').on('data', (c: string) => (text += c));
    const { done } = serveStdio(createNotesServer(), { input, output });
    input.end(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: modern() })}\nnot json\n`);
    await withTimeout(done, 3000, 'stdio to finish');
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.id)).toEqual(expect.arrayContaining([1, null]));
  });
});

describe('requestState', () => {
  const secret = 'test-secret';

  it('opens only with the same secret, tool and arguments, before expiry', async () => {
    const state = sealState(secret, 'delete_note', { id: 'n1' }, 60_000);
    expect(openState(secret, state, 'delete_note', { id: 'n1' }).ok).toBe(true);
    expect(openState('another-secret', state, 'delete_note', { id: 'n1' })).toEqual({ ok: false, reason: 'requestState failed verification' });
    // Issued to a caller (bearer auth): only that caller may use it.
    const alices = sealState(secret, 'delete_note', { id: 'n1' }, 60_000, 'alice');
    expect(openState(secret, alices, 'delete_note', { id: 'n1' }, 'alice').ok).toBe(true);
    expect(openState(secret, alices, 'delete_note', { id: 'n1' }, 'bob')).toEqual({ ok: false, reason: 'requestState was issued to another caller' });
    expect(openState(secret, state, 'delete_note', { id: 'n2' }).ok).toBe(false);
    expect(openState(secret, state, 'add_note', { id: 'n1' }).ok).toBe(false);
    const expired = sealState(secret, 'delete_note', { id: 'n1' }, -1);
    expect(openState(secret, expired, 'delete_note', { id: 'n1' })).toEqual({ ok: false, reason: 'requestState has expired' });
    expect(openState(secret, 'garbage', 'delete_note', {}).ok).toBe(false);
  });

  it('binds arguments regardless of key order', () => {
    expect(digestArgs({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(digestArgs({ b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(digestArgs({ a: 1 })).not.toBe(digestArgs({ a: 2 }));
  });

  it('an expired state is refused by the server with -32602', async () => {
    const server = createNotesServer({ requestStateTtlMs: 1 });
    const params = (extra: Json = {}) => modern({ name: 'delete_note', arguments: { id: 'n1' }, ...extra }, { elicitation: {} });
    const first = (await server.handle({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: params() }, ctx())) as Json;
    await new Promise((r) => setTimeout(r, 10));
    const retry = (await server.handle(
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: params({ requestState: first.result.requestState, inputResponses: { confirm: { action: 'accept', content: { confirm: true } } } }),
      },
      ctx(),
    )) as Json;
    expect(retry.error).toMatchObject({ code: -32602, message: 'requestState has expired' });
  });

  it('two servers with the same secret accept each other state; a different secret does not', async () => {
    const a = createNotesServer({ stateSecret: 's1' });
    const sameSecret = createNotesServer({ stateSecret: 's1' });
    const otherSecret = createNotesServer({ stateSecret: 's2' });
    const params = (extra: Json = {}) => modern({ name: 'delete_note', arguments: { id: 'n1' }, ...extra }, { elicitation: {} });
    const { result } = (await a.handle({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: params() }, ctx())) as Json;
    const retry = params({ requestState: result.requestState, inputResponses: { confirm: { action: 'accept', content: { confirm: true } } } });
    expect(((await otherSecret.handle({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: retry }, ctx())) as Json).error.code).toBe(-32602);
    expect(((await sameSecret.handle({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: retry }, ctx())) as Json).result.content[0].text).toMatch(
      /Deleted/,
    );
  });
});
