/**
 * The one result model: every engine's run converts into a RunReport that every shared renderer
 * takes, with the engine's verdicts intact and its extras typed; baselines read it the same way.
 */
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/check/types.js';
import { diffRunReport, verifyRunReport } from '../../src/contract/to-run-report.js';
import { evalRunReport } from '../../src/eval/to-run-report.js';
import type { FuzzReport } from '../../src/fuzz/report.js';
import { fuzzRunReport } from '../../src/fuzz/to-run-report.js';
import { lintToolsListResult } from '../../src/lint/index.js';
import { lintRunReport } from '../../src/lint/to-run-report.js';
import { applyBaseline, exitCodeFor } from '../../src/report/baseline.js';
import { getReporter, REPORTER_NAMES } from '../../src/report/types.js';
import { cleanReport, sampleReport } from '../eval/run-records.js';

const facts = { target: 'node server.js', startedAt: '2026-12-02T00:00:00.000Z', durationMs: 5 };

const fuzzReport: FuzzReport = {
  tool: { name: 'mcpvet', version: '0.1.0' },
  target: 'node server.js',
  transport: 'stdio',
  era: 'modern',
  protocolVersion: '2026-07-28',
  seed: 5,
  runs: 100,
  startedAt: facts.startedAt,
  durationMs: 900,
  calls: 100,
  callsPerSecond: 111,
  tools: [{ name: 'page', calls: 100, valid: 60, invalid: 40, unknown: 0, failures: 1, inputsDigest: 'x', interrupted: false }],
  failures: [
    {
      property: 'accepts-valid',
      severity: 'error',
      tool: 'page',
      pointer: '/offset',
      message: 'a valid call got -32603',
      args: { offset: -1 },
      reproduce: 'mcpvet call …',
      shrinks: 3,
      reproduced: true,
      fromRegressionFile: false,
    },
  ],
  regressions: { file: 'r.json', tried: 0, stillFailing: 0, nowPassing: 0, saved: 1 },
  notes: [],
};

const engines: Record<string, () => RunReport> = {
  lint: () => lintRunReport(lintToolsListResult([{ name: 'bad tool!', inputSchema: true }]), undefined, facts),
  fuzz: () => fuzzRunReport(fuzzReport),
  eval: () => evalRunReport(sampleReport()),
  diff: () => diffRunReport([{ kind: 'breaking', subject: 'tool export_notes', path: 'tools.export_notes', message: 'removed' }], facts),
  verify: () => verifyRunReport([{ index: 0, method: 'tools/list', status: 'different', differences: ['result.tools: had 3 items, now 2'] }], facts),
};

describe('every engine in the one result model', () => {
  for (const [engine, make] of Object.entries(engines)) {
    it(`${engine}: a failing run, rendered by every shared reporter, failing the run`, async () => {
      const run = make();
      expect(run.command).toBe(engine);
      expect(run.summary.fail).toBeGreaterThan(0);
      expect(exitCodeFor(run)).toBe(2);
      for (const name of REPORTER_NAMES) {
        const text = (await getReporter(name)).render(run, { color: false });
        expect(text.length, `${engine} in ${name}`).toBeGreaterThan(50);
      }
      const junit = (await getReporter('junit')).render(run, { color: false });
      expect(junit).toContain(`<testsuites name="mcpvet ${engine}"`);
      expect(JSON.parse((await getReporter('sarif')).render(run, { color: false })).runs[0].results.length).toBeGreaterThan(0);
    });

    it(`${engine}: listing every failing result in a baseline makes the run pass`, () => {
      const run = make();
      const failing = run.results.filter((result) => result.status === 'fail').map((result) => result.id);
      const baselined = applyBaseline(run, failing, 'baseline.yaml');
      expect(exitCodeFor(baselined)).toBe(0);
      expect(exitCodeFor(applyBaseline(run, [], 'baseline.yaml'))).toBe(2);
    });
  }

  it('carries what only one engine knows in typed extras: fuzz counterexamples, eval statistics', () => {
    expect(fuzzRunReport(fuzzReport).extras?.fuzz?.failures[0]?.args).toEqual({ offset: -1 });
    const evalRun = evalRunReport(sampleReport());
    expect(evalRun.extras?.eval?.tasks.map((task) => task.task)).toEqual(['weather-boston', 'forecast', 'secret']);
    expect(evalRun.results.find((result) => result.id === 'forecast')).toMatchObject({ status: 'fail', code: 'under-threshold' });
    expect(evalRun.results.find((result) => result.id === 'secret')?.suite).toBe('eval (held out)');
    expect(exitCodeFor(evalRunReport(cleanReport()))).toBe(0);
  });
});
