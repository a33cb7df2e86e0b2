import { describe, expect, it } from 'vitest';
import { applyBaseline } from '../../src/report/baseline.js';
import { renderSarif } from '../../src/report/sarif.js';
import { expectCodeScanningResults } from '../helpers/code-scanning.js';
import { fixture } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';
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

  it('points every result at a file code scanning accepts: the named one, else one standing for the server', () => {
    const named = JSON.parse(renderSarif(input, { color: false, sarifLocation: './src/my server.ts' }));
    expect(expectCodeScanningResults(named)).toEqual(Array(3).fill('src/my%20server.ts'));
    // examples/notes-server.js is no file here: a pseudo-path made of the command line.
    const stdio = JSON.parse(renderSarif(input, { color: false }));
    expect(new Set(expectCodeScanningResults(stdio))).toEqual(new Set(['node-examples/notes-server.js']));
    const http = JSON.parse(renderSarif({ ...input, target: 'http://localhost:3000/mcp?key=REDACTED', transport: 'http' }, { color: false }));
    expect(new Set(expectCodeScanningResults(http))).toEqual(new Set(['localhost/mcp']));
    expect(stdio.runs[0].results[0].locations[0].logicalLocations[0].name).toBe(input.target);
  });

  it('gives each finding a fingerprint from its rule and place, the same from run to run', () => {
    const again = report([result({ id: 'errors.unknown-tool', status: 'fail' })]);
    const first = JSON.parse(renderSarif(input, { color: false })).runs[0].results[0];
    const second = JSON.parse(renderSarif({ ...again, target: 'node other.js' }, { color: false })).runs[0].results[0];
    expect(second.partialFingerprints).toEqual(first.partialFingerprints);
  });
});

describe('SARIF of a real check run, for code scanning', () => {
  const server = fixture('security-poisoned-tools');
  const check = (flags: string[]) => runCli(['check', '--suite', 'security', '--format', 'sarif', ...flags, '--', process.execPath, server]);

  it('points every finding at the server script, relative to the repository root', async () => {
    const run = await check([]);
    expect(run.code, run.stderr).toBe(2);
    const log = JSON.parse(run.stdout);
    expect(log.runs[0].results.length).toBeGreaterThan(1);
    expect(new Set(expectCodeScanningResults(log))).toEqual(new Set(['dist/fixtures/security-poisoned-tools.js']));
  });

  it('points every finding at --sarif-location, and refuses a path outside the repository', async () => {
    const run = await check(['--sarif-location', 'src/server.ts']);
    expect(new Set(expectCodeScanningResults(JSON.parse(run.stdout)))).toEqual(new Set(['src/server.ts']));
    const bad = await check(['--sarif-location', '/etc/server.ts']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--sarif-location takes a path relative to the repository root');
  });
});
