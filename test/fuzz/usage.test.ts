/** Bad fuzz input gets one line on stderr and exit 1, never a stack trace. */
import { describe, expect, it } from 'vitest';
import { NOTES_SERVER } from '../helpers/paths.js';
import type { RunResult } from '../helpers/run.js';
import { fuzz } from './helpers.js';

function expectUsage(result: RunResult, text: string | RegExp): void {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr.trimEnd().split('\n'), result.stderr).toHaveLength(1);
  if (typeof text === 'string') expect(result.stderr).toContain(text);
  else expect(result.stderr).toMatch(text);
}

describe('mcpvet fuzz usage errors', () => {
  it('an unknown tool names the tools the server lists', async () => {
    expectUsage(await fuzz(NOTES_SERVER, ['--tool', 'no_such_tool']), /unknown tool "no_such_tool" \(the server lists add_note, get_note/);
  });

  it('a tool that may not be called says how to allow it', async () => {
    expectUsage(
      await fuzz(NOTES_SERVER, ['--tool', 'delete_note']),
      `calling "delete_note" is not allowed (not annotated readOnlyHint: true): pass --allow-call 'delete_note'`,
    );
  });

  it('bad --runs, --time-budget and --seed', async () => {
    expectUsage(await fuzz(NOTES_SERVER, ['--runs', '0']), '--runs takes a whole number from 1 to 1000000, not "0"');
    expectUsage(await fuzz(NOTES_SERVER, ['--runs', 'many']), '--runs takes a whole number');
    expectUsage(await fuzz(NOTES_SERVER, ['--time-budget', '30x']), '--time-budget takes a duration such as 30s, 2m, 500ms or 1h');
    expectUsage(await fuzz(NOTES_SERVER, ['--time-budget', '0s']), '--time-budget takes a duration');
    expectUsage(await fuzz(NOTES_SERVER, ['--time-budget', '30d']), '--time-budget takes a duration');
    expectUsage(await fuzz(NOTES_SERVER, ['--seed', '1.5']), '--seed takes a whole number');
    expectUsage(await fuzz(NOTES_SERVER, ['--timeout', '0']), '--timeout takes a whole number of milliseconds');
  });

  it('an unknown format, and several formats without -o', async () => {
    expectUsage(await fuzz(NOTES_SERVER, ['--format', 'pdf']), 'unknown format "pdf" for fuzz (formats: console, json, junit, markdown, html, sarif)');
    expectUsage(await fuzz(NOTES_SERVER, ['--format', 'json,sarif']), 'several formats need -o DIR');
  });

  it('a regression file that is not one', async () => {
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tempDir } = await import('./helpers.js');
    const file = join(tempDir(), 'bad.json');
    writeFileSync(file, '{"cases": 3}');
    expectUsage(await fuzz(NOTES_SERVER, ['--tool', 'get_note'], { regressions: file }), 'is not a mcpvet fuzz regression file');
  });

  it('a time budget stops the run early and says so', async () => {
    const result = await fuzz(NOTES_SERVER, ['--time-budget', '300ms', '--runs', '100000', '--tool', 'search_notes']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('the time budget ran out while fuzzing "search_notes"');
  });
});
