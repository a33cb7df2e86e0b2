/**
 * The report formats of a run with a failure: SARIF 2.1.0 validated against a hand-written subset of
 * the official schema (required fields, levels, logical locations), JUnit XML and JSON in a folder.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCodeScanningResults } from '../helpers/code-scanning.js';
import { fuzzFixture, tempDir } from './helpers.js';

/** The parts of the SARIF 2.1.0 schema a fuzz log uses, with the official required fields and enums. */
const SARIF_SUBSET = {
  type: 'object',
  required: ['version', 'runs'],
  properties: {
    version: { const: '2.1.0' },
    $schema: { type: 'string' },
    runs: {
      type: 'array',
      items: {
        type: 'object',
        required: ['tool'],
        properties: {
          tool: {
            type: 'object',
            required: ['driver'],
            properties: {
              driver: {
                type: 'object',
                required: ['name'],
                properties: {
                  name: { type: 'string' },
                  rules: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['id'],
                      properties: {
                        id: { type: 'string' },
                        shortDescription: { type: 'object', required: ['text'] },
                        defaultConfiguration: { type: 'object', properties: { level: { enum: ['none', 'note', 'warning', 'error'] } } },
                      },
                    },
                  },
                },
              },
            },
          },
          results: {
            type: 'array',
            items: {
              type: 'object',
              required: ['message'],
              properties: {
                ruleId: { type: 'string' },
                ruleIndex: { type: 'integer', minimum: -1 },
                level: { enum: ['none', 'note', 'warning', 'error'] },
                message: { type: 'object', anyOf: [{ required: ['text'] }, { required: ['id'] }], properties: { text: { type: 'string' } } },
                locations: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      logicalLocations: {
                        type: 'array',
                        minItems: 1,
                        items: {
                          type: 'object',
                          properties: {
                            name: { type: 'string' },
                            fullyQualifiedName: { type: 'string' },
                            kind: { type: 'string' },
                          },
                        },
                      },
                    },
                  },
                },
                partialFingerprints: { type: 'object', additionalProperties: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  },
};

describe('fuzz reports', () => {
  const dir = tempDir();
  let stdout = '';

  beforeAll(async () => {
    const result = await fuzzFixture('fuzz-error-on-negative', ['--seed', '5', '--tool', 'page', '--format', 'console,json,sarif,junit', '-o', dir]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`wrote 3 report files to ${dir}`);
    stdout = result.stdout;
  });

  it('SARIF 2.1.0: valid against the schema subset; a rule per property; the tool and the argument pointer as logical locations', () => {
    const log = JSON.parse(readFileSync(join(dir, 'report.sarif'), 'utf8'));
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(SARIF_SUBSET);
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    const run = log.runs[0];
    const ruleIds = run.tool.driver.rules.map((rule: { id: string }) => rule.id);
    expect(ruleIds).toContain('fuzz/accepts-valid');
    expect(ruleIds).not.toContain('fuzz/envelope-survives');
    expect(run.results).toHaveLength(1);
    const [result] = run.results;
    expect(result).toMatchObject({ ruleId: 'fuzz/accepts-valid', level: 'error', properties: { arguments: { offset: -1 } } });
    expect(run.tool.driver.rules[result.ruleIndex].id).toBe(result.ruleId);
    const locations = result.locations[0].logicalLocations;
    expect(locations.map((location: { name: string }) => location.name).slice(1)).toEqual(['page', '/offset']);
    expect(locations[2].fullyQualifiedName).toMatch(/#page\/offset$/);
    expect(expectCodeScanningResults(log)).toEqual(['dist/fixtures/fuzz-error-on-negative.js']);
  });

  it('JUnit: a suite per tool, a failed testcase for the property, with the minimal input', () => {
    const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="mcpvet fuzz" tests="7" failures="1"/);
    expect(xml).toContain('<testsuite name="fuzz page" tests="7" failures="1"');
    expect(xml).toMatch(/<testcase name="fuzz\/accepts-valid: [^"]*" classname="mcpvet.fuzz.page"><failure message="[^"]*-32603/);
    expect(xml).toContain('minimal input: {&quot;offset&quot;:-1}');
  });

  it('JSON: the whole report, and the console report still on stdout', () => {
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
    expect(report).toMatchObject({ seed: 5, runs: 100, tools: [{ name: 'page', failures: 1 }], failures: [{ property: 'accepts-valid' }] });
    expect(report.callsPerSecond).toBeGreaterThan(0);
    expect(stdout).toContain('✗ fuzz/accepts-valid  page/offset');
  });

  it('one format to a file with -o FILE', async () => {
    const file = join(tempDir(), 'fuzz.sarif');
    const result = await fuzzFixture('fuzz-error-on-negative', ['--seed', '5', '--tool', 'page', '--format', 'sarif', '-o', file]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(JSON.parse(readFileSync(file, 'utf8')).version).toBe('2.1.0');
  });

  it('SARIF: every failure points at --sarif-location when it is given', async () => {
    const file = join(tempDir(), 'fuzz.sarif');
    const result = await fuzzFixture('fuzz-error-on-negative', [
      '--seed',
      '5',
      '--tool',
      'page',
      '--format',
      'sarif',
      '--sarif-location',
      'src/server.ts',
      '-o',
      file,
    ]);
    expect(result.code, result.stderr).toBe(2);
    expect(expectCodeScanningResults(JSON.parse(readFileSync(file, 'utf8')))).toEqual(['src/server.ts']);
  });
});
