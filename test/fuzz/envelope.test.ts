/**
 * --envelope: a server that dies on a wrong-typed id is found, with the message that kills it; a
 * server that serves a message with no valid `jsonrpc` as a request is warned about.
 */
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/paths.js';
import { runProcess } from '../helpers/run.js';
import { failuresOf, fuzzFixture } from './helpers.js';

describe('mcpvet fuzz --envelope', () => {
  it('finds a server that exits on an object id, shrunk to the id alone, with a command that reproduces it', async () => {
    const result = await fuzzFixture('fuzz-dies-on-object-id', ['--seed', '5', '--runs', '100', '--envelope', '--tool', 'get_note', '--format', 'json']);
    expect(result.code, result.stderr).toBe(2);
    const failures = failuresOf(result);
    expect(failures).toHaveLength(1);
    const [failure] = failures;
    expect(failure).toMatchObject({ property: 'envelope-survives', envelope: { kind: 'wrong-type', field: 'id' }, reproduced: true });
    expect(typeof (failure!.envelope as { value: unknown }).value).toBe('object');
    expect(failure!.reproduce).toMatch(/^printf '%s\\n' '\{"jsonrpc":"2.0","id":[{[]/);

    // The printed pipeline kills the fixture the same way (exit code 4 of the server).
    const replay = await runProcess('/bin/sh', ['-c', failure!.reproduce], { timeoutMs: 10_000 });
    expect(replay.code).toBe(4);
    expect(CLI).toBeTruthy();
  });

  it('envelope-rejected: a message without a valid jsonrpc answered with a result is a warning (exit 0), and the printed command shows the result', async () => {
    // The fixture of errors.invalid-request: it serves any `jsonrpc` (or none) as "2.0", the same rule (JSON-RPC 2.0 §5.1).
    const result = await fuzzFixture('errors-lenient-jsonrpc', ['--seed', '5', '--runs', '100', '--envelope', '--tool', 'get_note', '--format', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const failures = failuresOf(result);
    expect(failures).toHaveLength(1);
    const [failure] = failures;
    expect(failure).toMatchObject({ property: 'envelope-rejected', severity: 'warning', envelope: { field: 'jsonrpc' }, reproduced: true });
    expect(failure!.message).toMatch(/^a message with (no jsonrpc|jsonrpc set to .*) got a result, not an error$/);

    const replay = await runProcess('/bin/sh', ['-c', failure!.reproduce], { timeoutMs: 10_000 });
    expect(replay.stdout).toMatch(/"result":\{/);
    expect(replay.stdout).not.toContain('"error"');
  });
});
