import { describe, expect, it } from 'vitest';
import { applyBaseline } from '../../src/report/baseline.js';
import { renderSarif } from '../../src/report/sarif.js';
import { report, result } from './fixtures.js';

describe('SARIF report', () => {
  const input = report([
    result({ id: 'tools.name-format', status: 'pass' }),
    result({ id: 'errors.unknown-tool', status: 'fail', evidence: [{ curl: "curl -sS -X POST 'http://127.0.0.1/mcp'" }] }),
    result({ id: 'tools.invalid-cursor', status: 'warn' }),
    result({ id: 'stdio.exits-on-stdin-close', status: 'skip' }),
    result({ id: 'protocol.discover-shape', status: 'error' }),
  ]);

  it('lists a rule per check and a result per failure, warning and error', () => {
    const sarif = JSON.parse(renderSarif(input, { color: false }));
    expect(sarif.version).toBe('2.1.0');
    const run = sarif.runs[0];
    expect(run.tool.driver.rules.map((rule: { id: string }) => rule.id)).toHaveLength(5);
    expect(run.results.map((r: { ruleId: string; level: string }) => `${r.ruleId}:${r.level}`)).toEqual([
      'errors.unknown-tool:error',
      'tools.invalid-cursor:warning',
      'protocol.discover-shape:error',
    ]);
    const failure = run.results[0];
    expect(run.tool.driver.rules[failure.ruleIndex].id).toBe('errors.unknown-tool');
    expect(failure.locations[0].logicalLocations[0].name).toBe(input.target);
    expect(failure.properties.reproduce).toContain('curl');
    expect(run.tool.driver.rules[failure.ruleIndex].helpUri).toContain('/specification/2026-07-28/');
  });

  it('marks a failure the baseline expects as suppressed', () => {
    const sarif = JSON.parse(renderSarif(applyBaseline(input, ['errors.unknown-tool']), { color: false }));
    const [failure, warning] = sarif.runs[0].results;
    expect(failure.suppressions).toEqual([{ kind: 'external', justification: 'listed in --expected-failures' }]);
    expect(warning.suppressions).toBeUndefined();
  });
});
