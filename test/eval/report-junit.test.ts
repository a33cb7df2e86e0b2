import { describe, expect, it } from 'vitest';
import { renderEvalJunit } from '../../src/report/eval/junit.js';
import { findAll, parseXml } from '../report/xml.js';
import { report, run, runs, sampleReport, suite, task } from './run-records.js';

describe('eval JUnit report', () => {
  it('is well-formed XML: one testsuite per model, one testcase per task, counts that match', () => {
    const root = parseXml(renderEvalJunit(sampleReport()));
    expect(root.name).toBe('testsuites');
    expect(root.attrs).toMatchObject({ name: 'mcpvet eval', tests: '3', failures: '1' });
    const suites = findAll(root, 'testsuite');
    expect(suites.map((entry) => entry.attrs.name)).toEqual(['eval openai:test']);
    expect(findAll(suites[0]!, 'testcase').map((entry) => entry.attrs.name)).toEqual(['weather-boston', 'forecast', 'secret (held out)']);
    expect(Number(suites[0]!.attrs.failures)).toBe(findAll(suites[0]!, 'failure').length);
  });

  it('fails a task under the threshold with its pass rate and the reasons of its failed runs', () => {
    const root = parseXml(renderEvalJunit(sampleReport()));
    const forecast = findAll(root, 'testcase').find((entry) => entry.attrs.name === 'forecast')!;
    const failure = forecast.children[0]!;
    expect(failure.name).toBe('failure');
    expect(failure.attrs.message).toBe('pass rate 20% (1/5, 95% interval 4–62%) is under the threshold 80%');
    expect(failure.text).toContain('run 2: the answer did not match');
    expect(failure.text).toContain('run 5: the answer did not match');
    const passing = findAll(root, 'testcase').find((entry) => entry.attrs.name === 'weather-boston')!;
    expect(passing.children.map((child) => child.name)).toEqual(['system-out']);
  });

  it('has a testsuite per model and variant', () => {
    const theRuns = [
      ...runs('a', 5, 5, () => [], { variant: 'v1' }),
      ...runs('a', 5, 5, () => [], { variant: 'v2' }),
      ...runs('a', 0, 5, () => [], { variant: 'v1', model: 'anthropic:x' }),
      ...runs('a', 0, 5, () => [], { variant: 'v2', model: 'anthropic:x' }),
    ];
    const root = parseXml(renderEvalJunit(report(suite([task('a')]), theRuns, { models: ['openai:test', 'anthropic:x'] })));
    expect(findAll(root, 'testsuite').map((entry) => entry.attrs.name)).toEqual([
      'eval openai:test / v1',
      'eval openai:test / v2',
      'eval anthropic:x / v1',
      'eval anthropic:x / v2',
    ]);
    expect(root.attrs.failures).toBe('2');
  });

  it('escapes markup and drops characters XML cannot carry, in names and reasons', () => {
    const nasty = `</failure><x a="1">&amp; 'q' \u0001 ]]>`;
    const theReport = report(suite([task(nasty)]), [run(nasty, false, [], { reasons: [nasty], error: nasty })]);
    const root = parseXml(renderEvalJunit(theReport));
    const testcase = findAll(root, 'testcase')[0]!;
    expect(testcase.attrs.name).toBe(`</failure><x a="1">&amp; 'q' \ufffd ]]>`);
    expect(testcase.children[0]!.text).toContain(`run 1: </failure><x a="1">&amp; 'q' \ufffd ]]>; </failure>`);
  });
});
