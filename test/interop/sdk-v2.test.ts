/**
 * Interop with a server built on the official TypeScript SDK v2 (@modelcontextprotocol/server
 * 2.4.0, pinned): mcpvet speaks both eras with it, and `check` reports exactly the rules this SDK
 * version breaks. If an SDK upgrade changes that list, this test says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCheckRun } from '../../src/check/run.js';
import { connect } from '../../src/client/connect.js';
import type { Target } from '../../src/wire/target.js';
import { expectFinding } from '../helpers/check.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';

const here = dirname(fileURLToPath(import.meta.url));
const server: Target = { transport: 'stdio', command: process.execPath, args: [join(here, 'sdk-v2-server.mjs')] };

function statuses(report: Awaited<ReturnType<typeof runCheckRun>>, status: string): string[] {
  return report.results
    .filter((result) => result.status === status)
    .map((result) => result.id)
    .sort();
}

describe('a server on the official TypeScript SDK v2', { timeout: 90_000 }, () => {
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
    const byStatus = (status: string) => statuses(report, status);
    expect(report.era).toBe('modern');
    expect(byStatus('error')).toEqual([]);
    expect(byStatus('fail')).toEqual([
      'errors.invalid-request', // no answer on stdio to a request object without "method"
      'errors.parse-error', // no answer on stdio to unparsable JSON
      'protocol.missing-protocol-version-rejected', // -32601 instead of -32602
      // Checked by hand: once the connection served a tools/list, server/discover (and tools/list) with
      // protocolVersion "1900-01-01" or "2999-12-31" get a result; before that, -32022 (basic/versioning MUST).
      'protocol.unsupported-version-rejected',
      'stateless.malformed-message-keeps-era', // a claim-less message after discover turns the connection legacy
    ]);
    // pagination#error-handling (SHOULD -32602): an unknown cursor gets the first page, on every list (checked by hand).
    expect(byStatus('warn')).toEqual(['prompts.invalid-cursor', 'tools.invalid-cursor']);
    expect(report.summary.pass).toBeGreaterThan(35);
  });

  it('the unknown-version probe waits for an established connection: run alone, it still finds what the full run finds', async () => {
    // Alone, only server/discover went over the connection before it: the SDK's entry would still refuse.
    const report = await runCheckRun(server, { timeoutMs: 5000, only: ['protocol.unsupported-version-rejected'] });
    const [result] = report.results;
    expect(result?.status, result?.message).toBe('fail');
    expectFinding(result!, 'not-32022', 'fail');
  });
});

describe('the same server over Streamable HTTP (createMcpHandler)', { timeout: 90_000 }, () => {
  let http: RunningServer;
  beforeAll(async () => {
    http = await startHttpServer(join(here, 'sdk-v2-http-server.mjs'));
  });
  afterAll(() => http.stop());

  it('check (modern): every header rule holds; the only failure is the Origin check this wiring leaves out', async () => {
    const report = await runCheckRun({ transport: 'http', url: http.url }, { timeoutMs: 5000 });
    expect(report.era).toBe('modern');
    expect(statuses(report, 'error')).toEqual([]);
    // createMcpHandler validates no Origin unless the server author wires validateOriginHeader in.
    expect(statuses(report, 'fail')).toEqual(['http.foreign-origin-403']);
    expect(statuses(report, 'pass')).toEqual(
      expect.arrayContaining(['http.mcp-method-matches', 'http.mcp-name-matches', 'http.protocol-version-header-matches', 'http.unknown-method-404']),
    );
  });

  it('check (legacy): the stateless 2025 fallback serves mcpvet too', async () => {
    const report = await runCheckRun({ transport: 'http', url: http.url }, { timeoutMs: 5000, era: 'legacy' });
    expect(report.era).toBe('legacy');
    // The same missing Origin validation, now that 2025-11-25's 403 rule is checked too.
    expect([...statuses(report, 'fail'), ...statuses(report, 'error')]).toEqual(['http.foreign-origin-403']);
  });
});
