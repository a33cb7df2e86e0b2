/**
 * Interop with @modelcontextprotocol/server-everything (pinned; built on the SDK v1, legacy era):
 * the findings the README lists for it are the findings `check` reports, over stdio and HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheckRun } from '../../src/check/run.js';
import type { RunReport } from '../../src/check/types.js';
import { EVERYTHING_SERVER } from '../helpers/paths.js';
import { closedPort, stopChild } from '../helpers/run.js';

function statuses(report: RunReport, status: string): string[] {
  return report.results
    .filter((result) => result.status === status)
    .map((result) => result.id)
    .sort();
}

describe('@modelcontextprotocol/server-everything', { timeout: 90_000 }, () => {
  it('over stdio: legacy era, and the findings the README lists', async () => {
    const report = await runCheckRun({ transport: 'stdio', command: process.execPath, args: [EVERYTHING_SERVER] }, { timeoutMs: 5000 });
    expect(report.era).toBe('legacy');
    expect(statuses(report, 'error')).toEqual([]);
    expect(statuses(report, 'fail')).toEqual(['errors.invalid-request', 'errors.parse-error']);
    // An unknown tool as an isError result breaks a descriptive rule (no keyword): a warning.
    // Checked by hand: completion/complete without "argument" and logging/setLevel "loudest" get -32603 with the
    // SDK's zod issues, where completion#error-handling and logging#error-handling say -32602 (SHOULD).
    expect(statuses(report, 'warn')).toEqual([
      'completion.missing-argument-error',
      'errors.unknown-tool',
      // Checked by hand: an unknown cursor gets the first page of prompts, resources and templates too (SHOULD -32602).
      'prompts.invalid-cursor',
      'resources.invalid-cursor',
      'tools.invalid-cursor',
      // trigger-long-running-operation runs 10 s by default, past the 5 s timeout: the slow-tool warning
      // issue 10 asks for (its call is cancelled, no other check errors because of it).
      'tools.valid-call-succeeds',
      'utilities.legacy-set-level-invalid',
    ]);
    expect(statuses(report, 'info')).toEqual(['lint.no-warnings', 'resources.unknown-uri-data']);
  });

  describe('over Streamable HTTP', () => {
    let child: ChildProcess;
    let url: string;
    beforeAll(async () => {
      const port = await closedPort();
      url = `http://127.0.0.1:${port}/mcp`;
      child = spawn(process.execPath, [EVERYTHING_SERVER, 'streamableHttp'], {
        env: { ...process.env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('server-everything did not start within 10 s')), 10_000);
        const onData = (chunk: Buffer) => {
          if (chunk.toString().includes('listening on port')) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout?.on('data', onData);
        child.stderr?.on('data', onData);
      });
    });
    afterAll(() => stopChild(child));

    it('adds the HTTP findings the README lists', async () => {
      const report = await runCheckRun({ transport: 'http', url }, { timeoutMs: 5000 });
      expect(report.era).toBe('legacy');
      expect(statuses(report, 'error')).toEqual([]);
      expect(statuses(report, 'fail')).toEqual(['errors.invalid-request', 'http.foreign-origin-403', 'http.legacy-deleted-session-404']);
      expect(statuses(report, 'warn')).toContain('errors.unknown-tool');
    });
  });
});
