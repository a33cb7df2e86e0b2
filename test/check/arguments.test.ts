/**
 * Arguments from the server's own data, against real servers: tools that need an existing record
 * get one (so the MRTR and structured-content checks reach their subject without a --calls file),
 * tools.valid-call-succeeds judges whether valid arguments can succeed at all, the errors suite
 * credits a rejection only after a good call, and a tool that never answers is one warning.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeArguments } from '../../src/check/arguments/probe-arguments.js';
import { defineCheck, pass } from '../../src/check/define.js';
import { sampleObject } from '../../src/check/probes/mrtr/sample-values.js';
import { runCheckRun } from '../../src/check/run.js';
import type { RunReport } from '../../src/check/types.js';
import type { StdioTarget, Target } from '../../src/wire/target.js';
import { expectCheck, expectFinding, fixtureStdio, httpTarget, notesStdio } from '../helpers/check.js';
import { fixture } from '../helpers/paths.js';
import { startHttpServer, type RunningServer } from '../helpers/run.js';

describe('arguments from the server’s own data', () => {
  it('valid call succeeds: every tool of the example server takes valid arguments, get_note a mined id', async () => {
    const result = await expectCheck('tools.valid-call-succeeds', notesStdio(), 'pass', { allowCall: ['*'] });
    expect(result.message).toMatch(/"get_note" \(id ← (tools\/call|resources\/list)/);
  });
  it('valid call succeeds: passes in the legacy era too (a tool needing elicitation, a task-only tool)', () =>
    expectCheck('tools.valid-call-succeeds', notesStdio(), 'pass', { allowCall: ['*'], era: 'legacy' }));
  it('valid call succeeds: warns no-call-succeeds when every call fails, naming the tool and what was tried', async () => {
    const result = await expectCheck('tools.valid-call-succeeds', fixtureStdio('tools-every-call-fails'), 'warn');
    const finding = expectFinding(result, 'no-call-succeeds', 'warn');
    expect(finding.location).toEqual({ tool: 'get_note' });
    expect(finding.message).toContain('The backend is unavailable');
    expect(finding.message).toMatch(/id ← resources\/list result\.resources\[\d+\]\.uri \(last path segment\)/);
    expect(result.evidence.some((e) => e.note?.startsWith('arguments: id ← '))).toBe(true);
  });
  it('valid call succeeds: incomplete when no tool may be called', async () => {
    const result = await expectCheck('tools.valid-call-succeeds', fixtureStdio('tools-open-world-default'), 'incomplete');
    expectFinding(result, 'no-callable-tool');
    expect(result.message).toContain('--allow-call');
  });

  it('structured content is judged on get_note with an id the server returned (no --calls file)', async () => {
    const result = await expectCheck('tools.structured-content-valid', notesStdio(), 'pass');
    expect(result.message).not.toContain('no successful call');
  });
  it('the MRTR checks reach input_required on delete_note with a mined id (no --calls file)', async () => {
    const result = await expectCheck('mrtr.tampered-state-rejected', notesStdio(), 'pass', { allowCall: ['delete_note'] });
    expect(result.message).toContain('tools/call delete_note');
  });

  it('invalid arguments rejected: incomplete (no-good-call) when the tool fails valid arguments as well', async () => {
    const result = await expectCheck('errors.invalid-arguments-rejected', fixtureStdio('tools-every-call-fails'), 'incomplete');
    expectFinding(result, 'no-good-call');
    expect(result.message).toContain('no call of "get_note" with valid arguments succeeded either');
  });
  it('invalid arguments as tool error: incomplete (no-good-call) on the same server', async () =>
    expectFinding(await expectCheck('errors.invalid-arguments-as-tool-error', fixtureStdio('tools-every-call-fails'), 'incomplete'), 'no-good-call'));
});

describe('arguments for probes that call a tool to test something else', () => {
  it('are ones the tool takes (the run’s good call), where values made up from the schema are refused', async () => {
    let seen: { probe?: unknown; madeUp?: unknown } = {};
    const probe = defineCheck({
      id: 't.probe-arguments',
      title: 't.probe-arguments',
      suite: 'tools',
      requirements: ['BASE-01'],
      spec: 'basic/index',
      async run(ctx) {
        const tool = (await ctx.tools()).find((candidate) => candidate.name === 'get_note')!;
        const call = (args: Record<string, unknown>) => ctx.client.request('tools/call', { name: 'get_note', arguments: args });
        const [probeOutcome, madeUpOutcome] = [await call(await probeArguments(ctx, tool)), await call(sampleObject(tool.inputSchema))];
        seen = { probe: probeOutcome.result?.isError ?? probeOutcome.error, madeUp: madeUpOutcome.result?.isError ?? madeUpOutcome.error };
        return pass('called');
      },
    });
    await runCheckRun(notesStdio(), { checks: [probe] });
    expect(seen.probe).toBeFalsy();
    expect(seen.madeUp).toBeTruthy();
  });
});

describe('a tool that never answers', () => {
  let scratch: string;
  let server: RunningServer | undefined;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'mcpvet-slow-'));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** A whole run: one warning naming the tool and the time waited, its call cancelled, no check in error. */
  async function expectOneWarning(target: Target, log: string): Promise<RunReport> {
    const report = await runCheckRun(target, { timeoutMs: 3000 });
    const errors = report.results.filter((r) => r.status === 'error').map((r) => `${r.id}: ${r.message}`);
    expect(errors).toEqual([]);
    const result = report.results.find((r) => r.id === 'tools.valid-call-succeeds')!;
    expect(result.status, result.message).toBe('warn');
    const slow = result.findings.filter((f) => f.code === 'no-answer');
    expect(slow).toHaveLength(1);
    expect(slow[0]!.location).toEqual({ tool: 'wait_forever' });
    expect(slow[0]!.message).toMatch(/"wait_forever" did not answer within \d+ ms; mcpvet cancelled the call/);
    expect(result.findings.filter((f) => f.status === 'warn')).toHaveLength(1);
    expect(readFileSync(log, 'utf8')).toContain('cancelled');
    return report;
  }

  it('over stdio', async () => {
    const log = join(scratch, 'stdio.log');
    await expectOneWarning({ ...(fixtureStdio('tools-slow-tool') as StdioTarget), env: { MCPVET_FIXTURE_LOG: log } }, log);
  }, 120_000);
  it('over HTTP', async () => {
    const log = join(scratch, 'http.log');
    server = await startHttpServer(fixture('tools-slow-tool'), [], { MCPVET_FIXTURE_LOG: log });
    await expectOneWarning(httpTarget(server.url), log);
  }, 120_000);
});
