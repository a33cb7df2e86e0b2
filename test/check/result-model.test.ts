// The result model through real runs: several findings per check, codes and locations, incomplete apart from skip.
import { describe, expect, it } from 'vitest';
import { defineCheck, incomplete, pass, skip, violation } from '../../src/check/define.js';
import { runCheckRun } from '../../src/check/run.js';
import type { CheckDefinition } from '../../src/check/types.js';
import { incompleteHints } from '../../src/report/summary.js';
import { checkResult, expectCheck, expectFinding, fixtureStdio, notesStdio } from '../helpers/check.js';

const base: Pick<CheckDefinition, 'suite' | 'eras' | 'transports' | 'spec'> = {
  suite: 'protocol',
  eras: ['modern', 'legacy'],
  transports: ['stdio', 'http'],
  spec: 'test',
};
const make = (id: string, over: Partial<CheckDefinition>): CheckDefinition =>
  defineCheck({ ...base, id, title: id, requirements: ['BASE-01'], run: async () => pass('ok'), ...over });

describe('the result model', () => {
  it('a check returning several findings gets the most severe status, every code, and every message', async () => {
    const checks = [
      make('t.two', {
        run: async () => [
          violation('first-problem', 'tool a is wrong', undefined, { tool: 'a', pointer: '/name' }),
          violation('second-problem', 'method b is wrong', undefined, { method: 'b/list' }),
        ],
      }),
      make('t.undecided', { run: async () => incomplete('no-callable-tool', 'no tool may be called') }),
      make('t.not-here', { run: async () => skip('does not apply') }),
    ];
    const report = await runCheckRun(notesStdio(), { checks });
    const [two, undecided, notHere] = report.results;
    expect(two!.status).toBe('fail');
    expect(two!.code).toBe('first-problem');
    expect(two!.findings.map((f) => [f.status, f.code, f.location])).toEqual([
      ['fail', 'first-problem', { tool: 'a', pointer: '/name' }],
      ['fail', 'second-problem', { method: 'b/list' }],
    ]);
    expect(two!.message).toContain('tool a is wrong');
    expect(two!.message).toContain('method b is wrong');
    expect(undecided!.status).toBe('incomplete');
    expectFinding(undecided!, 'no-callable-tool', 'incomplete');
    expect(notHere!.status).toBe('skip');
    expect(report.summary).toMatchObject({ fail: 1, incomplete: 1, skip: 1 });
  });

  it('the runner codes its own errors (a timeout is error/timeout)', async () => {
    const report = await runCheckRun(notesStdio(), { checks: [make('t.hangs', { run: () => new Promise(() => {}) })], checkTimeoutMs: 200 });
    expectFinding(report.results[0]!, 'timeout', 'error');
  });

  it('tools.name-format reports one finding per offending tool, located at its name', async () => {
    const result = await expectCheck('tools.name-format', fixtureStdio('tools-bad-name'), 'warn');
    const finding = expectFinding(result, 'invalid-characters');
    expect(finding.location).toMatchObject({ pointer: '/name' });
    expect(result.findings.every((f) => f.location && 'tool' in f.location)).toBe(true);
  });

  it('an incomplete-heavy run says so and names what would let the checks run', async () => {
    const report = await runCheckRun(notesStdio(), { timeoutMs: 5000, suites: ['stateless', 'tools'] });
    const undecided = report.results.filter((r) => r.status === 'incomplete').map((r) => `${r.id}/${r.code}`);
    expect(undecided).toContain('stateless.replica-pagination/no-replica');
    expect(undecided).toContain('stateless.no-capability-carryover/no-callable-tool');
    const hints = incompleteHints(report.results).join('\n');
    expect(hints).toMatch(/^\d+ checks could not decide/);
    expect(hints).toContain('--replica');
    expect(hints).toContain('--calls FILE or --allow-call TOOL');
  });

  it('given what it lacked, an incomplete check decides', async () => {
    expect((await checkResult('stateless.replica-pagination', notesStdio())).status).toBe('incomplete');
    await expectCheck('stateless.replica-pagination', notesStdio(), 'pass', { replica: notesStdio() });
  });
});
