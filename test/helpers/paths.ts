/** Paths the tests use: the built CLI, the example server, the fixtures, and the spec oracles. */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI = join(ROOT, 'dist/cli.js');
export const NOTES_SERVER = join(ROOT, 'dist/examples/notes-server.js');
export const EVERYTHING_SERVER = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
export const SPEC_DIR = resolve(ROOT, process.env.MCPVET_SPEC_DIR ?? '../shared/spec');
export const HAS_SPEC = existsSync(join(SPEC_DIR, 'schema-2026-07-28.json'));

export function fixture(name: string): string {
  return join(ROOT, 'dist/fixtures', `${name}.js`);
}

if (!existsSync(CLI)) throw new Error('dist/ is missing: run `npm run build` (npm test does it) before vitest');
