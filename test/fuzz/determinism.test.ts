/** The same seed generates the same inputs, in-process and through the CLI (the inputs digest of the JSON report). */
import { describe, expect, it } from 'vitest';
import { sampleInputs } from '../../src/fuzz/tool-fuzzer.js';
import { NOTES_SERVER } from '../helpers/paths.js';
import { fuzz } from './helpers.js';

const SCHEMA = {
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 50 },
    mode: { enum: ['fast', 'full'] },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
  },
  required: ['query'],
  additionalProperties: false,
};

describe('determinism', () => {
  it('the same seed gives the same inputs; another seed others', () => {
    const first = sampleInputs(SCHEMA, 1234, 200);
    expect(sampleInputs(SCHEMA, 1234, 200)).toEqual(first);
    expect(sampleInputs(SCHEMA, 1235, 200)).not.toEqual(first);
  });

  it('two CLI runs with one seed report the same inputs digest per tool, another seed another', async () => {
    const digests = async (seed: string) => {
      const result = await fuzz(NOTES_SERVER, ['--seed', seed, '--runs', '30', '--tool', 'search_notes', '--tool', 'export_notes', '--format', 'json']);
      expect(result.code, result.stderr).toBe(0);
      const report = JSON.parse(result.stdout) as { seed: number; tools: { name: string; inputsDigest: string }[] };
      expect(report.seed).toBe(Number(seed));
      return report.tools.map((tool) => `${tool.name}:${tool.inputsDigest}`);
    };
    const first = await digests('77');
    expect(await digests('77')).toEqual(first);
    expect(await digests('78')).not.toEqual(first);
  });
});
