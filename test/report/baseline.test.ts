import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyBaseline, BaselineFileError, baselineView, exitCodeFor, loadExpectedFailures, parseExpectedFailures } from '../../src/report/baseline.js';
import { report, result } from './fixtures.js';

const failing = () =>
  report([
    result({ id: 'tools.a', status: 'fail' }),
    result({ id: 'tools.b', status: 'pass' }),
    result({ id: 'tools.c', status: 'skip' }),
    result({ id: 'tools.d', status: 'warn' }),
  ]);

describe('expected-failures file', () => {
  it('reads a YAML list of ids', async () => {
    expect(await parseExpectedFailures('- tools.a\n- protocol.ping\n')).toEqual(['tools.a', 'protocol.ping']);
  });

  it('reads { expectedFailures: [...] }', async () => {
    expect(await parseExpectedFailures('expectedFailures:\n  - tools.a\n')).toEqual(['tools.a']);
  });

  it('reads an empty file as no entries', async () => {
    expect(await parseExpectedFailures('')).toEqual([]);
    expect(await parseExpectedFailures('expectedFailures:\n')).toEqual([]);
  });

  it('rejects a mapping that is not expectedFailures, non-string entries and broken YAML, naming the file', async () => {
    await expect(parseExpectedFailures('server:\n  - x\n', 'b.yml')).rejects.toThrow(/b\.yml: expected a list of check ids/);
    await expect(parseExpectedFailures('- tools.a\n- {x: 1}\n', 'b.yml')).rejects.toThrow(/b\.yml: entry 2 .* is not a check id/);
    await expect(parseExpectedFailures('- [unclosed\n', 'b.yml')).rejects.toBeInstanceOf(BaselineFileError);
  });

  const dir = mkdtempSync(join(tmpdir(), 'mcpvet-baseline-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads a file, and says clearly when it cannot', async () => {
    const file = join(dir, 'expected.yml');
    writeFileSync(file, '- tools.a\n');
    expect(await loadExpectedFailures(file)).toEqual(['tools.a']);
    await expect(loadExpectedFailures(join(dir, 'missing.yml'))).rejects.toThrow(/cannot read .*missing\.yml: ENOENT/);
  });
});

describe('baseline semantics and exit codes', () => {
  it('without a baseline: a failure exits 2, a clean run 0', () => {
    expect(exitCodeFor(failing())).toBe(2);
    expect(exitCodeFor(report([result({ id: 'tools.b', status: 'pass' }), result({ id: 'tools.c', status: 'skip' })]))).toBe(0);
  });

  it('warnings do not fail the run unless strictWarnings', () => {
    const warned = report([result({ id: 'tools.d', status: 'warn' })]);
    expect(exitCodeFor(warned)).toBe(0);
    expect(exitCodeFor(warned, { strictWarnings: true })).toBe(2);
  });

  it('an error always fails the run, even when listed', () => {
    const errored = report([result({ id: 'tools.e', status: 'error' })]);
    expect(exitCodeFor(errored)).toBe(2);
    expect(exitCodeFor(applyBaseline(errored, ['tools.e']))).toBe(2);
  });

  it('a listed failure is tolerated', () => {
    const applied = applyBaseline(failing(), ['tools.a'], 'b.yml');
    expect(applied.baseline).toEqual({ file: 'b.yml', regressions: ['tools.d'], stale: [] });
    expect(exitCodeFor(applied)).toBe(0);
    expect(baselineView(applied)).toMatchObject({ expected: ['tools.a'], regressions: [], unlistedWarnings: ['tools.d'], stale: [] });
  });

  it('an unlisted failure is a regression and exits 2', () => {
    const applied = applyBaseline(failing(), ['tools.zzz']);
    expect(applied.baseline!.regressions).toContain('tools.a');
    expect(baselineView(applied)!.regressions).toEqual(['tools.a']);
    expect(exitCodeFor(applied)).toBe(2);
  });

  it('a listed check that now passes is stale and exits 2', () => {
    const applied = applyBaseline(failing(), ['tools.a', 'tools.b']);
    expect(applied.baseline!.stale).toEqual(['tools.b']);
    expect(exitCodeFor(applied)).toBe(2);
  });

  it('a listed check that is skipped or absent is tolerated, not stale (only a demonstrated pass is)', () => {
    const applied = applyBaseline(failing(), ['tools.a', 'tools.c', 'tools.gone']);
    expect(applied.baseline!.stale).toEqual([]);
    expect(exitCodeFor(applied)).toBe(0);
  });

  it('a listed warning is an expected failure: not stale, and tolerated under strictWarnings', () => {
    const applied = applyBaseline(failing(), ['tools.a', 'tools.d']);
    expect(applied.baseline).toMatchObject({ regressions: [], stale: [] });
    expect(exitCodeFor(applied, { strictWarnings: true })).toBe(0);
  });

  it('an unlisted warning fails a baselined run only under strictWarnings', () => {
    const applied = applyBaseline(failing(), ['tools.a']);
    expect(exitCodeFor(applied)).toBe(0);
    expect(exitCodeFor(applied, { strictWarnings: true })).toBe(2);
  });

  it('judges a repeated id by its most severe occurrence', () => {
    const repeated = report([result({ id: 'tools.r', status: 'pass' }), result({ id: 'tools.r', status: 'fail' })]);
    const listed = applyBaseline(repeated, ['tools.r']);
    expect(listed.baseline!.stale).toEqual([]);
    expect(exitCodeFor(listed)).toBe(0);
    expect(exitCodeFor(applyBaseline(repeated, []))).toBe(2);
  });

  it('leaves the results untouched', () => {
    const input = failing();
    const applied = applyBaseline(input, ['tools.a']);
    expect(applied.results).toEqual(input.results);
    expect(input.baseline).toBeUndefined();
  });
});
