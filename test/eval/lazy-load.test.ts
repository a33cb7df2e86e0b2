/**
 * The eval engine and the AI SDK stay off the start-up path: `mcpvet call` loads none of their
 * code (the bundle splits each command's code into chunks loaded when the command runs).
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI, NOTES_SERVER, ROOT } from '../helpers/paths.js';
import { runProcess } from '../helpers/run.js';

const PRELOAD = join(ROOT, 'test/helpers/record-modules.mjs');
// Strings only the AI SDK and the eval engine contain.
const EVAL_MARKERS = ['vercel.ai.error', 'mcpvet-eval-cassette'];

function loadedChunks(log: string): string[] {
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:') && url.includes('/dist/'))
    .map((url) => fileURLToPath(url));
}

describe('start-up path', () => {
  it('the bundle has the eval code, in chunks that `mcpvet call` does not load', async () => {
    const chunks = readdirSync(join(ROOT, 'dist/chunks')).filter((name) => name.endsWith('.js'));
    const evalChunks = chunks.filter((name) => EVAL_MARKERS.some((marker) => readFileSync(join(ROOT, 'dist/chunks', name), 'utf8').includes(marker)));
    expect(evalChunks.length).toBeGreaterThan(0);

    const log = join(mkdtempSync(join(tmpdir(), 'mcpvet-modules-')), 'modules.log');
    const result = await runProcess(process.execPath, ['--import', PRELOAD, CLI, 'call', '--method', 'tools/list', '--', process.execPath, NOTES_SERVER], {
      env: { MCPVET_MODULE_LOG: log },
      timeoutMs: 20_000,
    });
    expect(result.code, result.stderr).toBe(0);
    const loaded = loadedChunks(log);
    expect(loaded).toContain(CLI);
    for (const file of loaded) for (const marker of EVAL_MARKERS) expect(readFileSync(file, 'utf8').includes(marker), `${file} holds ${marker}`).toBe(false);
  });
});
