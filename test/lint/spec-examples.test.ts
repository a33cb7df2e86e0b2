// Oracle: the official example Tools and tools/list results of the spec carry no error-level
// finding (they are valid by definition). Read in place from MCPVET_SPEC_DIR, never copied.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lintTools, lintToolsListResult } from '../../src/lint/index.js';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const specDir = resolve(projectRoot, process.env.MCPVET_SPEC_DIR ?? '../shared/spec');
const examples = join(specDir, 'examples', '2026-07-28');
const present = existsSync(examples);
if (!present) console.warn(`[lint] skipping spec-example tests: ${examples} not found (set MCPVET_SPEC_DIR)`);

const readAll = (dir: string): Array<[string, unknown]> =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => [f, JSON.parse(readFileSync(join(dir, f), 'utf8'))])
    : [];

describe.skipIf(!present)('official spec examples', () => {
  it.each(readAll(join(examples, 'Tool')))('Tool %s has no error-level finding', (_file, example) => {
    expect(lintTools([example]).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it.each(readAll(join(examples, 'ListToolsResult')))('ListToolsResult %s has no error-level finding', (_file, example) => {
    expect(lintToolsListResult(example).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it.each(readAll(join(examples, 'ListToolsResultResponse')))('ListToolsResultResponse %s has no error-level finding', (_file, example) => {
    expect(lintToolsListResult(example).filter((f) => f.severity === 'error')).toEqual([]);
  });
});
