/** The library's listeners: a token by default (in target.url), a fixed one, or none, as the test suite chooses. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFaults } from '../../src/fault/index.js';
import { serveCassette } from '../../src/library/cassettes.js';
import { tempDir } from '../cassette/support.js';
import { jsonHeaders, LIST_TOOLS, send, startLoggingUpstream, writeTinyCassette, type LoggingUpstream } from './support.js';

describe('library listeners', () => {
  let upstream: LoggingUpstream;
  let cassette: string;
  beforeAll(async () => {
    upstream = await startLoggingUpstream();
    cassette = writeTinyCassette(tempDir());
  });
  afterAll(() => upstream.close());

  it('serveCassette: a random token by default, in target.url (test/cassette/library.test.ts connects a client with it)', async () => {
    const replay = await serveCassette(cassette);
    try {
      expect(replay.target.url).toMatch(/\/mcp\?mcpvet_token=[\w-]{20,}$/);
      const bare = replay.target.url.replace(/\?.*$/, '');
      expect((await send(bare, { headers: jsonHeaders(bare), body: LIST_TOOLS })).status).toBe(401);
      expect((await send(replay.target.url, { headers: jsonHeaders(replay.target.url), body: LIST_TOOLS })).status).toBe(200);
    } finally {
      await replay.close();
    }
  });

  it('serveCassette: token false serves without one, a fixed token is the one in the URL', async () => {
    const open = await serveCassette(cassette, { token: false });
    const fixed = await serveCassette(cassette, { token: 'suite-token' });
    try {
      expect(open.target.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect((await send(open.target.url, { headers: jsonHeaders(open.target.url), body: LIST_TOOLS })).status).toBe(200);
      expect(fixed.target.url).toMatch(/\/mcp\?mcpvet_token=suite-token$/);
      expect((await send(fixed.target.url, { headers: jsonHeaders(fixed.target.url), body: LIST_TOOLS })).status).toBe(200);
    } finally {
      await open.close();
      await fixed.close();
    }
  });

  it('withFaults over HTTP: the token is required and stripped, the query string of the URL kept', async () => {
    const faulty = await withFaults({ transport: 'http', url: `${upstream.url}/mcp?tenant=t1`, headers: { Authorization: 'Bearer lib' } }, [
      'delay=1@tools/call',
    ]);
    try {
      const url = (faulty.target as { url: string }).url;
      const bare = url.replace(/\?.*$/, '');
      const seen = upstream.received.length;
      expect((await send(bare, { headers: jsonHeaders(bare), body: LIST_TOOLS })).status).toBe(401);
      expect(upstream.received.length).toBe(seen);
      expect((await send(url, { headers: jsonHeaders(url), body: LIST_TOOLS })).status).toBe(200);
      expect(upstream.received.at(-1)).toMatchObject({ url: '/mcp?tenant=t1', headers: { authorization: 'Bearer lib' } });
    } finally {
      await faulty.close();
    }
  });
});
