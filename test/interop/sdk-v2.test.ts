/**
 * Interop with a server built on the official TypeScript SDK v2 (@modelcontextprotocol/server
 * 2.4.0, pinned): mcpvet speaks both eras with it, and `check` reports exactly the rules this SDK
 * version breaks. If an SDK upgrade changes that list, this test says so.
 */
import { describe, expect, it } from 'vitest';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCheckRun } from '../../src/check/run.js';
import { connect } from '../../src/client/connect.js';
import type { Target } from '../../src/wire/target.js';

const server: Target = { transport: 'stdio', command: process.execPath, args: [join(dirname(fileURLToPath(import.meta.url)), 'sdk-v2-server.mjs')] };

describe('a server on the official TypeScript SDK v2', () => {
  for (const era of ['modern', 'legacy'] as const) {
    it(`serves mcpvet's client in the ${era} era`, async () => {
      const client = await connect(server, { era: era === 'modern' ? 'auto' : 'legacy', timeoutMs: 5000 });
      try {
        expect(client.era).toBe(era);
        const outcome = await client.callTool('echo', { message: 'hi' });
        expect(outcome.result?.content).toEqual([{ type: 'text', text: 'hi' }]);
      } finally {
        await client.close();
      }
    });
  }

  it('check: the findings are the rules SDK 2.4.0 breaks, and nothing errors', async () => {
    const report = await runCheckRun(server, { timeoutMs: 5000 });
    const byStatus = (status: string) => report.results.filter((result) => result.status === status).map((result) => result.id).sort();
    expect(report.era).toBe('modern');
    expect(byStatus('error')).toEqual([]);
    expect(byStatus('fail')).toEqual([
      'errors.invalid-request', // no answer on stdio to a request object without "method"
      'errors.parse-error', // no answer on stdio to unparsable JSON
      'protocol.missing-protocol-version-rejected', // -32601 instead of -32602
      'stateless.malformed-message-keeps-era', // a claim-less message after discover turns the connection legacy
    ]);
    expect(byStatus('warn')).toEqual(['tools.invalid-cursor']);
    expect(report.summary.pass).toBeGreaterThan(35);
  });
});
