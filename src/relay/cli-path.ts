/**
 * Where the built mcpvet CLI is, for library helpers that hand a client a stdio Target: a stdio
 * client must start a process, so the stdio proxy, recorder and replayer run as `node cli.js …`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let found: string | undefined;

export function mcpvetCliPath(): string {
  if (found) return found;
  // Bundled code lives in dist/ or dist/chunks/, sources in src/…: walk up to the package root.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && readName(manifest) === 'mcpvet') {
      const cli = join(dir, 'dist', 'cli.js');
      if (!existsSync(cli)) throw new Error(`the mcpvet CLI is not built (${cli} is missing): run npm run build`);
      return (found = cli);
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the mcpvet package root (package.json named "mcpvet")');
    dir = parent;
  }
}

function readName(manifest: string): unknown {
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name;
  } catch {
    return undefined;
  }
}
