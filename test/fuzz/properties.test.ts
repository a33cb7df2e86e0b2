/** Each property found on a fixture that breaks exactly it, shrunk to the smallest input. */
import { describe, expect, it } from 'vitest';
import { failuresOf, fuzzFixture } from './helpers.js';

describe('mcpvet fuzz properties', () => {
  it('accepts-valid: a protocol error for a negative number the schema allows, shrunk to -1', async () => {
    const result = await fuzzFixture('fuzz-error-on-negative', ['--seed', '5', '--tool', 'page', '--format', 'json']);
    expect(result.code, result.stderr).toBe(2);
    expect(failuresOf(result)).toMatchObject([{ property: 'accepts-valid', tool: 'page', pointer: '/offset', args: { offset: -1 }, reproduced: true }]);
  });

  it('rejects-invalid: a tool that runs on arguments its schema forbids is an error (exit 2), with a command that reproduces it', async () => {
    const result = await fuzzFixture('fuzz-accepts-invalid', ['--seed', '5', '--tool', 'count_words', '--format', 'json']);
    expect(result.code, result.stderr).toBe(2);
    const [failure, ...others] = failuresOf(result);
    expect(others).toEqual([]);
    expect(failure).toMatchObject({ property: 'rejects-invalid', severity: 'error', tool: 'count_words', pointer: '/text', reproduced: true });
    expect(failure!.message).toContain('were accepted: the result has no isError: true');
    expect(failure!.reproduce).toContain('mcpvet call --method tools/call --tool-name count_words');
  });

  it('valid-as-tool-error: -32602 for a valid but unknown value is a warning (exit 0); an unenforced format is no finding', async () => {
    const result = await fuzzFixture('fuzz-not-found-as-32602', ['--seed', '5', '--tool', 'lookup', '--format', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const failures = failuresOf(result);
    expect(failures.map((f) => [f.property, f.severity])).toEqual([['valid-as-tool-error', 'warning']]);
  });

  it('output-schema: structuredContent that breaks the outputSchema, shrunk to the shortest text that breaks it', async () => {
    const result = await fuzzFixture('fuzz-breaks-output-schema', ['--seed', '5', '--tool', 'measure', '--format', 'json']);
    expect(result.code, result.stderr).toBe(2);
    const [failure, ...others] = failuresOf(result);
    expect(others).toEqual([]);
    expect(failure).toMatchObject({ property: 'output-schema', tool: 'measure', pointer: '/text' });
    expect(failure!.message).toContain('/length must be integer');
    expect([...String(failure!.args?.text)]).toHaveLength(4);
  });

  it('no-secrets: the planted canary in an answer is found, and its value is printed nowhere', async () => {
    const result = await fuzzFixture('fuzz-leaks-canary', ['--seed', '5', '--tool', 'debug_info', '--format', 'json']);
    expect(result.code, result.stderr).toBe(2);
    const [failure] = failuresOf(result);
    expect(failure).toMatchObject({ property: 'no-secrets', tool: 'debug_info', args: { verbose: true } });
    expect(failure!.message).toContain('the planted canary');
    // The reproduction plants a placeholder of the same name, never the run's value.
    expect(failure!.reproduce).toContain('-e MCPVET_FUZZ_CANARY=placeholder-mcpvet_fuzz_canary');
    expect(result.stdout + result.stderr).not.toMatch(/mcpvet-canary-[0-9a-f]{8}/);
  });

  it('no-secrets: an env value that is no credential is no canary, even when the server prints it', async () => {
    const { NOTES_SERVER } = await import('../helpers/paths.js');
    const { fuzz } = await import('./helpers.js');
    // list_notes prints "(no notes)": a plain value given with -e must not be taken for a leaked secret.
    const result = await fuzz(NOTES_SERVER, ['--seed', '5', '--runs', '10', '--tool', 'list_notes', '-e', 'NOTES_LABEL=no notes']);
    expect(result.code, result.stdout).toBe(0);
  });

  it('the correct tools of the same fixture pass: each fixture breaks one property only', async () => {
    const result = await fuzzFixture('fuzz-leaks-canary', ['--seed', '5', '--runs', '40', '--tool', 'get_note', '--tool', 'search_notes']);
    expect(result.code, result.stdout).toBe(0);
  });
});
