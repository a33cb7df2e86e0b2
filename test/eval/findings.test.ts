import { describe, expect, it } from 'vitest';
import { LARGE_RESULT_BYTES, REPEATED_CALLS_PER_RUN, transcriptFindings } from '../../src/eval/findings.js';
import type { EvalFindingCode, RunRecord } from '../../src/eval/types.js';
import { call, run, runs } from './run-records.js';

const TOOLS = [{ name: 'search' }, { name: 'get' }];

const codes = (theRuns: RunRecord[], notConverted: { tool: string; reason: string }[] = []) =>
  transcriptFindings({ runs: theRuns, tools: TOOLS, notConverted }).map((finding) => `${finding.code} ${finding.tool}`);

/** Ten runs that use both tools once, correctly, with small results. */
const clean = () => runs('a', 10, 10, () => [call('search'), call('get')]);

const only = (code: EvalFindingCode, theRuns: RunRecord[]) => codes(theRuns).filter((entry) => entry.startsWith(`${code} `));

describe('transcript findings', () => {
  it('a clean run set has no finding at all', () => {
    expect(codes(clean())).toEqual([]);
  });

  it('repeated-calls: one tool called 5 times or more in one run, in at least 20 % of the runs using it', () => {
    const looping = (i: number) => [...Array.from({ length: i < 2 ? REPEATED_CALLS_PER_RUN : 1 }, () => call('search')), call('get')];
    const findings = transcriptFindings({ runs: runs('a', 10, 10, looping), tools: TOOLS, notConverted: [] });
    expect(findings.map((finding) => `${finding.code} ${finding.tool} ${finding.model}`)).toEqual(['repeated-calls search openai:test']);
    expect(findings[0]!.message).toContain('in 2 of the 10 runs');
    // One looping run in ten is a wandering model, not the tool; four calls is not a loop.
    expect(
      only(
        'repeated-calls',
        runs('a', 10, 10, (i) => (i < 1 ? looping(0) : [call('search'), call('get')])),
      ),
    ).toEqual([]);
    // Two looping runs of twenty: 10 %, under the share.
    expect(
      only(
        'repeated-calls',
        runs('a', 20, 20, (i) => (i < 2 ? looping(0) : [call('search'), call('get')])),
      ),
    ).toEqual([]);
    const four = (i: number) => [...Array.from({ length: i < 5 ? 4 : 1 }, () => call('search')), call('get')];
    expect(only('repeated-calls', runs('a', 10, 10, four))).toEqual([]);
  });

  it('invalid-arguments: one tool given invalid arguments in at least 20 % of its calls', () => {
    const bad = runs('a', 5, 10, (i) => [call('search', { invalidArguments: i < 3, isError: i < 3 }), call('get')]);
    // The errors that follow invalid arguments are not counted again as tool errors.
    expect(codes(bad)).toEqual(['invalid-arguments search']);
    const once = runs('a', 5, 10, (i) => [call('search', { invalidArguments: i < 1 }), call('get')]);
    expect(codes(once)).toEqual([]);
    // Twice in twenty calls: 10 %, under the share.
    expect(codes(runs('a', 5, 20, (i) => [call('search', { invalidArguments: i < 2 }), call('get')]))).toEqual([]);
  });

  it('tool-errors: one tool failing in at least 20 % of the calls with valid arguments', () => {
    const failing = runs('a', 5, 10, (i) => [call('search'), call('get', { isError: i % 2 === 0 })]);
    expect(codes(failing)).toEqual(['tool-errors get']);
    const rare = runs('a', 5, 10, (i) => [call('search'), call('get', { isError: i === 0 })]);
    expect(codes(rare)).toEqual([]);
    expect(codes(runs('a', 5, 20, (i) => [call('search'), call('get', { isError: i < 2 })]))).toEqual([]);
  });

  it('tool-never-used: a tool offered but called in no run', () => {
    expect(codes(runs('a', 3, 3, () => [call('search')]))).toEqual(['tool-never-used get']);
    // Without runs there is nothing to say.
    expect(codes([])).toEqual([]);
  });

  it('large-result: a result over 25 000 bytes', () => {
    const large = clean();
    large[3] = run('a', true, [call('search', { resultBytes: LARGE_RESULT_BYTES + 1 }), call('get')]);
    const findings = transcriptFindings({ runs: large, tools: TOOLS, notConverted: [] });
    expect(findings.map((finding) => `${finding.code} ${finding.tool}`)).toEqual(['large-result search']);
    expect(findings[0]!.message).toContain(`${LARGE_RESULT_BYTES + 1} bytes`);
    const atLimit = clean();
    atLimit[3] = run('a', true, [call('search', { resultBytes: LARGE_RESULT_BYTES }), call('get')]);
    expect(codes(atLimit)).toEqual([]);
  });

  it('tool-not-converted: every tool that could not be offered, and never also "never used"', () => {
    const theRuns = runs('a', 3, 3, () => [call('search')]);
    expect(codes(theRuns, [{ tool: 'get', reason: 'its schema is not an object' }])).toEqual(['tool-not-converted get']);
  });

  it('holds per model: one model looping does not blame the other', () => {
    const looping = runs('a', 5, 5, () => [...Array.from({ length: 6 }, () => call('search')), call('get')], { model: 'openai:loops' });
    const calm = runs('a', 5, 5, () => [call('search'), call('get')], { model: 'openai:calm' });
    const findings = transcriptFindings({ runs: [...looping, ...calm], tools: TOOLS, notConverted: [] });
    expect(findings.map((finding) => `${finding.code} ${finding.model}`)).toEqual(['repeated-calls openai:loops']);
  });
});
