import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/client/connect.js';
import { scriptedHost } from '../../src/client/host.js';
import type { McpClient } from '../../src/client/types.js';
import type { Target } from '../../src/wire/target.js';
import { EVERYTHING_SERVER, NOTES_SERVER } from '../helpers/paths.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';

const stdio = (...args: string[]): Target => ({ transport: 'stdio', command: process.execPath, args: [NOTES_SERVER, ...args] });

async function withClient<T>(target: Target, options: Parameters<typeof connect>[1], use: (client: McpClient) => Promise<T>): Promise<T> {
  const client = await connect(target, options);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

describe('era detection (auto)', () => {
  const servers: Record<string, RunningServer> = {};
  beforeAll(async () => {
    for (const era of ['dual', 'modern', 'legacy']) servers[era] = await startHttpServer(NOTES_SERVER, ['--era', era]);
  });
  afterAll(async () => {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  });

  const expected = { dual: ['modern', '2026-07-28'], modern: ['modern', '2026-07-28'], legacy: ['legacy', '2025-11-25'] } as const;
  for (const [era, [detected, version]] of Object.entries(expected)) {
    it(`stdio, ${era} server -> ${detected}`, async () => {
      await withClient(stdio('--era', era), { timeoutMs: 5000 }, async (client) => {
        expect(client.era).toBe(detected);
        expect(client.protocolVersion).toBe(version);
        expect(client.eraReason).toMatch(detected === 'modern' ? /server\/discover answered/ : /fell back to initialize/);
        expect(client.serverInfo?.name).toBe('notes-server');
      });
    });
    it(`http, ${era} server -> ${detected}`, async () => {
      await withClient({ transport: 'http', url: servers[era]!.url }, { timeoutMs: 5000 }, async (client) => {
        expect(client.era).toBe(detected);
        expect(client.protocolVersion).toBe(version);
        expect(Object.keys(client.serverCapabilities)).toContain('tools');
      });
    });
  }

  it('a legacy third-party server (server-everything) falls back to initialize', async () => {
    await withClient({ transport: 'stdio', command: process.execPath, args: [EVERYTHING_SERVER] }, { timeoutMs: 5000 }, async (client) => {
      expect(client.era).toBe('legacy');
      expect(client.eraReason).toContain('server/discover answered error');
    });
  });

  it('forcing legacy on a modern-only server fails with the versions it speaks', async () => {
    await expect(connect(stdio('--era', 'modern'), { era: 'legacy', timeoutMs: 5000 })).rejects.toThrow(/initialize failed.*-32022/);
  });
});

describe('MRTR (input_required) through a scriptable host', () => {
  const confirm = scriptedHost({ byKey: { confirm: { action: 'accept', content: { confirm: true } } } });

  it('answers the elicitation and retries with requestState: the note is deleted', async () => {
    await withClient(stdio(), { timeoutMs: 5000, host: confirm }, async (client) => {
      const outcome = await client.callTool('delete_note', { id: 'n2' });
      expect(outcome.error).toBeUndefined();
      expect(outcome.rounds).toBe(2);
      expect(outcome.result?.isError).not.toBe(true);
      const after = await client.callTool('get_note', { id: 'n2' });
      expect(after.result?.isError).toBe(true);
    });
  });

  it('over HTTP the retry is an independent POST and works too', async () => {
    const server = await startHttpServer();
    try {
      await withClient({ transport: 'http', url: server.url }, { timeoutMs: 5000, host: confirm }, async (client) => {
        const outcome = await client.callTool('delete_note', { id: 'n3' });
        expect(outcome.rounds).toBe(2);
        expect(outcome.result?.resultType).toBe('complete');
      });
    } finally {
      await server.stop();
    }
  });

  it('without the elicitation capability the server answers -32021', async () => {
    await withClient(stdio(), { timeoutMs: 5000 }, async (client) => {
      const outcome = await client.callTool('delete_note', { id: 'n1' });
      expect(outcome.error?.code).toBe(-32021);
    });
  });

  it('legacy era: the server asks through an elicitation/create request, answered by the same host', async () => {
    const host = scriptedHost({ byMethod: { 'elicitation/create': { action: 'accept', content: { confirm: true } } } });
    await withClient(stdio(), { timeoutMs: 5000, host, era: 'legacy' }, async (client) => {
      const outcome = await client.callTool('delete_note', { id: 'n1' });
      expect(outcome.result?.isError).not.toBe(true);
      expect(
        client.trace.frames.some((frame) => frame.direction === 'receive' && (frame.message as { method?: string })?.method === 'elicitation/create'),
      ).toBe(true);
    });
  });
});

describe('SSE responses', () => {
  it('reads an event-stream answer: progress notifications first, then the result', async () => {
    const server = await startHttpServer();
    try {
      await withClient({ transport: 'http', url: server.url }, { timeoutMs: 5000 }, async (client) => {
        const seen: string[] = [];
        const outcome = await client.request(
          'tools/call',
          { name: 'search_notes', arguments: { query: 'e' }, _meta: { progressToken: 'p1' } },
          { onNotification: (n) => seen.push(String(n.method)) },
        );
        expect(outcome.http?.contentType).toContain('text/event-stream');
        expect(outcome.result?.resultType).toBe('complete');
        expect(seen.length).toBeGreaterThan(0);
        expect(new Set(seen)).toEqual(new Set(['notifications/progress']));
        expect(outcome.notifications.length).toBe(seen.length);
      });
    } finally {
      await server.stop();
    }
  });
});

describe('HTTP headers of the modern era', () => {
  it('sends Mcp-Method, Mcp-Name (base64 when unsafe) and Mcp-Param-* from x-mcp-header', async () => {
    const server = await startHttpServer();
    try {
      await withClient({ transport: 'http', url: server.url }, { timeoutMs: 5000 }, async (client) => {
        const outcome = await client.callTool('export_notes', { workspace: 'Équipe', format: 'json' });
        expect(outcome.http?.status).toBe(200);
        const sent = client.trace.frames.filter((frame) => frame.direction === 'send' && frame.http).at(-1);
        expect(sent?.http?.headers).toMatchObject({
          'mcp-method': 'tools/call',
          'mcp-name': 'export_notes',
          'mcp-param-workspace': `=?base64?${Buffer.from('Équipe').toString('base64')}?=`,
          'mcp-protocol-version': '2026-07-28',
        });
      });
    } finally {
      await server.stop();
    }
  });
});
