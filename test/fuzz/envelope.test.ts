/** --envelope: a server that dies on a wrong-typed id is found, with the message that kills it. */
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
});
