/** Fuzzing the correct example server finds nothing: over stdio in both eras, over HTTP, and with malformed messages. */
import { describe, expect, it } from 'vitest';
import { exampleHttpServer } from '../helpers/check.js';
import { NOTES_SERVER } from '../helpers/paths.js';
import { runCli } from '../helpers/run.js';
import { fuzz, tempDir } from './helpers.js';
import { join } from 'node:path';

describe('mcpvet fuzz on the notes server', () => {
  it('finds nothing for a fixed seed (modern era, stdio): exit 0, a summary with calls per second', async () => {
    const result = await fuzz(NOTES_SERVER, ['--seed', '42', '--runs', '40']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('modern 2026-07-28');
    expect(result.stdout).toMatch(/search_notes +40 calls/);
    expect(result.stdout).toMatch(/\d+ requests in [\d.]+m?s, [\d.]+ per second; no failure/);
    // Tools that may change something are not called unasked.
    expect(result.stdout).toContain('"add_note" was not fuzzed');
  });

  it('finds nothing in the legacy era either, messages included', async () => {
    const result = await fuzz(NOTES_SERVER, ['--seed', '42', '--runs', '40', '--protocol-era', 'legacy', '--envelope', '--tool', 'search_notes,export_notes']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('legacy 2025-11-25');
  });

  it('finds nothing with --envelope: malformed messages get errors or silence, and the server stays usable', async () => {
    const result = await fuzz(NOTES_SERVER, ['--seed', '42', '--runs', '50', '--envelope', '--tool', 'get_note']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/envelope +\d+ malformed messages {2}ok/);
  });

  it('shows progress on stderr without -q', async () => {
    const regressions = join(tempDir(), 'r.json');
    const result = await runCli([
      'fuzz',
      '--seed',
      '1',
      '--runs',
      '5',
      '--tool',
      'get_note',
      '--regressions',
      regressions,
      '--',
      process.execPath,
      NOTES_SERVER,
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/mcpvet fuzz: tool get_note: \d+ requests? so far/);
  });

  describe('over HTTP', () => {
    const url = exampleHttpServer();
    it('finds nothing (modern era)', async () => {
      const regressions = join(tempDir(), 'r.json');
      const result = await runCli([
        'fuzz',
        '-q',
        '--seed',
        '42',
        '--runs',
        '30',
        '--envelope',
        '--tool',
        'search_notes',
        '--regressions',
        regressions,
        '--url',
        url(),
      ]);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toContain('(http, modern');
    });
  });
});
