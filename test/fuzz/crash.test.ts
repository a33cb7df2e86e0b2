/**
 * A tool whose process exits on an empty string: found, shrunk to the minimal input, reproduced by
 * the printed `mcpvet call` command, saved to the regression file and replayed first next time.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/paths.js';
import { runProcess } from '../helpers/run.js';
import { failuresOf, fuzzFixture, tempDir } from './helpers.js';

const FIXTURE = 'fuzz-crashes-on-empty-string';

describe('mcpvet fuzz on a tool that crashes the server', () => {
  const regressions = join(tempDir(), 'nested', 'regressions.json');

  it('finds the crash, shrinks it to {"query": ""} and prints the command that reproduces it', async () => {
    const result = await fuzzFixture(FIXTURE, ['--seed', '5', '--runs', '100', '--tool', 'lookup', '--format', 'json'], { regressions });
    expect(result.code, result.stderr).toBe(2);
    const [failure, ...others] = failuresOf(result);
    expect(others).toEqual([]);
    expect(failure).toMatchObject({ property: 'server-alive', tool: 'lookup', pointer: '/query', args: { query: '' }, reproduced: true });
    expect(failure!.reproduce).toMatch(/^mcpvet call --method tools\/call --tool-name lookup --tool-args-json '\{"query":""\}' -- /);

    // The printed command, run by a POSIX shell with the built CLI as `mcpvet`, fails the same way: the server dies (exit 4).
    const command = failure!.reproduce.replace(/^mcpvet /, `'${process.execPath}' '${CLI}' `);
    const replay = await runProcess('/bin/sh', ['-c', command]);
    expect(replay.code, replay.stderr).toBe(4);
    expect(replay.stderr).toContain('server exited (code 3)');
  });

  it('saved the failure to the regression file, and the next run replays it first', async () => {
    expect(existsSync(regressions)).toBe(true);
    const saved = JSON.parse(readFileSync(regressions, 'utf8')) as { version: number; cases: unknown[] };
    expect(saved).toMatchObject({ version: 1, cases: [{ tool: 'lookup', args: { query: '' }, property: 'server-alive' }] });

    // One run of a new seed: the regression file's case is what finds the failure.
    const result = await fuzzFixture(FIXTURE, ['--seed', '99', '--runs', '1', '--tool', 'lookup'], { regressions });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).toContain('from the regression file');
    expect(result.stdout).toContain('regression file: 1 still failing, 0 passing now');
  });

  it('drops a regression case once it passes (the same tool on the correct server)', async () => {
    const { NOTES_SERVER } = await import('../helpers/paths.js');
    const { runCli } = await import('../helpers/run.js');
    const { writeFileSync } = await import('node:fs');
    const file = join(tempDir(), 'r.json');
    writeFileSync(file, JSON.stringify({ version: 1, cases: [{ tool: 'search_notes', args: { query: '' }, property: 'rejects-invalid', foundAt: 'x' }] }));
    const result = await runCli([
      'fuzz',
      '-q',
      '--seed',
      '1',
      '--runs',
      '5',
      '--tool',
      'search_notes',
      '--regressions',
      file,
      '--',
      process.execPath,
      NOTES_SERVER,
    ]);
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain('0 still failing, 1 passing now');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, cases: [] });
  });
});
