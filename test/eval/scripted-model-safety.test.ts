/** The scripted model as a listener: loopback only, foreign Host and Origin refused, bounded bodies and log, provider-style errors, clean close. */
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedModel, startScriptedModel } from '../../src/eval/scripted/server.js';
import { jsonHeaders, send } from '../relay/support.js';

const CHAT = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });

let model: ScriptedModel;
beforeAll(async () => {
  model = await startScriptedModel();
});
afterAll(() => model.close());

const chatUrl = () => `${model.url}/v1/chat/completions`;
const messagesUrl = () => `${model.url}/v1/messages`;

describe('refusals', () => {
  it('listens on 127.0.0.1 only', () => {
    expect(model.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(model.openaiBaseUrl).toBe(`${model.url}/v1`);
    expect(model.anthropicBaseUrl).toBe(`${model.url}/v1`);
  });

  it('refuses a foreign Host (DNS rebinding) with 421, in the protocol of the path', async () => {
    const openai = await send(chatUrl(), { headers: jsonHeaders(chatUrl(), { host: 'attacker.example' }), body: CHAT });
    expect(openai.status).toBe(421);
    expect(JSON.parse(openai.body).error).toMatchObject({ type: 'permission_error', message: expect.stringContaining('attacker.example') });
    const anthropic = await send(messagesUrl(), {
      headers: jsonHeaders(messagesUrl(), { host: `localhost.attacker.example:${new URL(model.url).port}` }),
      body: CHAT,
    });
    expect(anthropic.status).toBe(421);
    expect(JSON.parse(anthropic.body)).toMatchObject({ type: 'error', error: { type: 'permission_error' } });
  });

  it('refuses a foreign Origin (a web page) with 403, and a loopback origin on another port too', async () => {
    for (const origin of ['https://evil.example', 'http://127.0.0.1:1']) {
      const answer = await send(chatUrl(), { headers: jsonHeaders(chatUrl(), { origin }), body: CHAT });
      expect(answer.status, origin).toBe(403);
    }
    expect(model.requests()).toEqual([]);
  });

  it('refuses a POST that is not application/json (a cross-site form) with 415', async () => {
    const answer = await send(chatUrl(), { headers: jsonHeaders(chatUrl(), { 'content-type': 'text/plain' }), body: CHAT });
    expect(answer.status).toBe(415);
  });

  it('answers an unknown path 404 and a wrong method 405', async () => {
    const missing = await send(`${model.url}/v1/completions`, { headers: jsonHeaders(model.url), body: CHAT });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body).error.type).toBe('not_found_error');
    expect((await send(chatUrl(), { method: 'GET', headers: { host: new URL(model.url).host } })).status).toBe(405);
  });

  it('answers malformed JSON 400 with a provider-style error body', async () => {
    const openai = await send(chatUrl(), { headers: jsonHeaders(chatUrl()), body: '{"messages": [' });
    expect(openai.status).toBe(400);
    expect(JSON.parse(openai.body)).toEqual({
      error: { message: expect.stringContaining('not JSON'), type: 'invalid_request_error', param: null, code: null },
    });
    const anthropic = await send(messagesUrl(), { headers: jsonHeaders(messagesUrl()), body: 'nope' });
    expect(anthropic.status).toBe(400);
    expect(JSON.parse(anthropic.body)).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('not JSON') } });
  });

  it('answers a body without messages 400', async () => {
    const answer = await send(chatUrl(), { headers: jsonHeaders(chatUrl()), body: JSON.stringify({ model: 'm' }) });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error.message).toContain('"messages"');
  });

  it('refuses a body over 4 MiB with 413 and keeps nothing of it', async () => {
    const big = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x'.repeat(4 * 1024 * 1024) }] });
    const before = model.requests().length;
    const answer = await send(chatUrl(), { headers: jsonHeaders(chatUrl()), body: big });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.type).toBe('request_too_large');
    expect(model.requests()).toHaveLength(before);
  });
});

describe('the request log', () => {
  async function logAfterFive(options: { logLimit?: number; logBytes?: number }): Promise<string[]> {
    const small = await startScriptedModel(options);
    try {
      for (let index = 0; index < 5; index++) {
        await fetch(`${small.openaiBaseUrl}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ messages: [{ role: 'user', content: `task ${index} ${'x'.repeat(100)}` }] }),
        });
      }
      return small.requests().map((entry: any) => entry.body.messages[0].content.slice(0, 6));
    } finally {
      await small.close();
    }
  }

  it('keeps the newest logLimit bodies', async () => {
    expect(await logAfterFive({ logLimit: 3 })).toEqual(['task 2', 'task 3', 'task 4']);
  });

  it('keeps the newest bodies that fit in logBytes, and always the last one', async () => {
    expect(await logAfterFive({ logBytes: 300 })).toEqual(['task 3', 'task 4']);
    expect(await logAfterFive({ logBytes: 10 })).toEqual(['task 4']);
  });
});

describe('listening and closing', () => {
  it('close() ends idle keep-alive connections at once, and may be called twice', async () => {
    const own = await startScriptedModel();
    const agent = new Agent({ keepAlive: true });
    // Wrapped: resolving with a bare promise would wait for it.
    const { socketClosed } = await new Promise<{ socketClosed: Promise<void> }>((resolve, reject) => {
      const outgoing = request(`${own.url}/v1/models`, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve({ socketClosed: new Promise<void>((closed) => outgoing.socket?.once('close', () => closed())) }));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
    const started = Date.now();
    await Promise.all([own.close(), own.close()]);
    await socketClosed;
    expect(Date.now() - started).toBeLessThan(1000);
    agent.destroy();
    await expect(fetch(`${own.url}/v1/models`)).rejects.toThrow();
  });

  it('close() ends a connection in the middle of a request (a client that never finishes its body)', async () => {
    const own = await startScriptedModel();
    const outgoing = request(`${own.openaiBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': 1000 },
    });
    const failed = new Promise<string>((resolve) => outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message)));
    outgoing.write('{"messages": [');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await failed).toBe('ECONNRESET');
  });

  it('listens on the port asked for, and fails clearly when it is taken', async () => {
    const taken = Number(new URL(model.url).port);
    await expect(startScriptedModel({ port: taken })).rejects.toThrow(/EADDRINUSE/);
  });
});
